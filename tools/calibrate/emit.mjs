// SPDX-License-Identifier: MIT
// Grid reduction (median per (x bucket, y bucket)) and the generated header / JSON.
import fs from 'fs';
import path from 'path';

const MAX_X = 16, MAX_Y = 8;

/// Axis points: the measured values themselves when few enough, else powers of 2^s (s the smallest
/// step that keeps the axis within `max` points) over the measured range, the ends clamped to the
/// measured extremes; `bucket(v)` the index.
function axis(values, max) {
  const distinct = [...new Set(values)].sort((a, b) => a - b);
  if (distinct.length <= max) return { pts: distinct, bucket: (v) => distinct.indexOf(v) };
  for (let s = 1; ; ++s) {
    const e = (v) => s * Math.round(Math.log2(v) / s);
    const lo = e(distinct[0]), hi = e(distinct[distinct.length - 1]);
    const n = (hi - lo) / s + 1;
    if (n > max) continue;
    // The end points are the measured extremes when rounding would step past them (2^17
    // rounded to even powers is 2^18): an axis never claims a size nobody measured.
    const pts = Array.from({ length: n }, (_, i) => 2 ** (lo + i * s));
    pts[0] = Math.max(pts[0], distinct[0]);
    pts[n - 1] = Math.min(pts[n - 1], distinct[distinct.length - 1]);
    return { pts, bucket: (v) => (e(v) - lo) / s };
  }
}

/// The lower median: always one measured row's value, so every cell is traceable to a row.
function lower_median(cell) {
  const s = [...cell].sort((a, b) => a.ratio - b.ratio);
  return s[Math.floor((s.length - 1) / 2)];
}

const sig = (v) => Number(v.toPrecision(4));

/// Where v falls on an axis: the cell and the fraction along it in log v (calib_locate,
/// include/headroom/calibration.hpp).
function locate(axis, v) {
  if (!(v >= axis[0])) return { i: 0, t: 0 };
  if (v >= axis[axis.length - 1]) return { i: axis.length - 1, t: 0 };
  let i = 0;
  while (i + 1 < axis.length && axis[i + 1] <= v) ++i;
  if (v === axis[i]) return { i, t: 0 };
  return { i, t: (Math.log(v) - Math.log(axis[i])) / (Math.log(axis[i + 1]) - Math.log(axis[i])) };
}

/// The grid's value at (x, y) as `lookup` reads it (grid_value: bilinear in log x, log y).
function grid_at(g, x, y) {
  const sx = locate(g.xs, x), sy = locate(g.ys, y);
  const at = (ix, iy) => g.values[ix * g.ny + iy];
  const ix1 = sx.t > 0 ? sx.i + 1 : sx.i, iy1 = sy.t > 0 ? sy.i + 1 : sy.i;
  const lo = at(sx.i, sy.i) + (at(sx.i, iy1) - at(sx.i, sy.i)) * sy.t;
  const hi = at(ix1, sy.i) + (at(ix1, iy1) - at(ix1, sy.i)) * sy.t;
  return lo + (hi - lo) * sx.t;
}

/// How well the grid gives back the rows it was reduced from: the median of |lookup / row - 1|
/// and of lookup / row, over the rows (docs/calibration.md, "How a grid reads its own rows").
function fit_of(g, pts) {
  if (!pts.length) return '';
  const q = pts.map(p => grid_at(g, p.x, p.y) / p.ratio);
  const mid = (a) => { const s = [...a].sort((u, v) => u - v); return s[Math.floor((s.length - 1) / 2)]; };
  return `lookup vs its rows: median |error| ${(100 * mid(q.map(v => Math.abs(v - 1)))).toFixed(1)} %, median lookup / row ${mid(q).toFixed(3)}`;
}

/// One class/format's points -> a full grid. Empty cells take the nearest filled cell (grid
/// index distance, then lower x, then lower y). Ratios below 1 are clamped to 1 and counted.
export function reduce(g, max_y = MAX_Y) {
  const ax = axis(g.pts.map(p => p.x), MAX_X), ay = axis(g.pts.map(p => p.y), max_y);
  const nx = ax.pts.length, ny = ay.pts.length;
  const cells = Array.from({ length: nx * ny }, () => []);
  for (const p of g.pts) cells[ax.bucket(p.x) * ny + ay.bucket(p.y)].push(p);
  // A cell measured at its own coordinates keeps only those rows (an all-reduce of 2^19 bytes
  // does not speak for 2^20); otherwise every row of the bucket counts.
  const med = cells.map((c, i) => {
    const at = c.filter(p => p.x === ax.pts[Math.floor(i / ny)] && p.y === ay.pts[i % ny]);
    const rows = at.length ? at : c;
    return rows.length ? lower_median(rows) : null;
  });
  let filled = 0, clamped = 0, below = 0, min_ratio = Infinity;
  for (const p of g.pts) { if (!g.absolute && p.ratio < 1) ++below; min_ratio = Math.min(min_ratio, p.ratio); }
  const values = med.map((m, i) => {
    if (m) return m.ratio;
    ++filled;
    const ix = Math.floor(i / ny), iy = i % ny;
    let best = null, bd = Infinity;
    med.forEach((o, j) => { if (!o) return; const d = Math.abs(Math.floor(j / ny) - ix) + Math.abs((j % ny) - iy); if (d < bd) { bd = d; best = o; } });
    return best.ratio;
  }).map(v => { if (!g.absolute && v < 1) { ++clamped; return 1; } return sig(v); });
  // The fastest row (microseconds): the class's floor is the least of its grids' (convert.mjs).
  let min_us = Infinity, min_row = null;
  for (const p of g.pts) { const us = p.row.latency * 1e3; if (us < min_us) { min_us = us; min_row = p.row; } }
  const note = (g.absolute ? 'median measured us' : `median ratio; ${below} of ${g.pts.length} rows below 1 (min ${sig(min_ratio)}), ${clamped} cells clamped to 1`) +
    `; ${filled} empty cells filled from the nearest`;
  const fit = fit_of({ nx, ny, xs: ax.pts, ys: ay.pts, values }, g.pts);
  return { cls: g.cls, fmt: g.fmt, absolute: g.absolute, stand_in: g.stand_in, nx, ny, xs: ax.pts, ys: ay.pts, values, n_points: g.pts.length, note, fit, med, file: g.file,
    min_us: sig(min_us), min_row, floor_us: 0 };
}

const lit = (v) => (Number.isInteger(v) ? `${v}.0` : String(v));

/// NCCL's grids do not depend on the engine (aiconfigurator's comm/nccl tables are
/// framework-agnostic): one header per device holds them and each engine table points at it.
export const is_nccl = (g) => String(g.file).endsWith('nccl_perf.parquet');
const nccl_name = (device) => `${device}_nccl`;

function grid_arrays(L, g, suffix) {
  L.push(`// ${g.cls} ${g.fmt}: ${g.n_points} rows` + (g.stand_in ? ` (${g.stand_in})` : '') +
    `; ${g.note}` + (g.absolute ? '' : `; floor ${g.floor_us} us`));
  L.push(`inline constexpr double x${suffix}[] = {${g.xs.map(lit).join(', ')}};`);
  L.push(`inline constexpr double y${suffix}[] = {${g.ys.map(lit).join(', ')}};`);
  L.push(`inline constexpr double v${suffix}[] = {`);
  for (let ix = 0; ix < g.nx; ++ix) L.push(`    ${g.values.slice(ix * g.ny, (ix + 1) * g.ny).map(lit).join(', ')},`);
  L.push('};');
}

/// `<device>_nccl.hpp`: the device's NCCL grids (arrays x_<class>, y_<class>, v_<class>).
export function write_collectives(root, device, commit, file, grids) {
  const name = nccl_name(device);
  const L = [];
  L.push('// SPDX-License-Identifier: Apache-2.0');
  L.push(`// Generated by tools/calibrate/convert.mjs; do not edit. Derived from NVIDIA aiconfigurator`);
  L.push(`// (github.com/ai-dynamo/aiconfigurator) @${commit}, Apache-2.0 (Copyright NVIDIA CORPORATION &`);
  L.push(`// AFFILIATES; see ./NOTICE). File read: ${file}`);
  L.push(`// The NCCL collectives of ${device}, measured once for every engine; each engine's table points at them.`);
  L.push('#pragma once', '', 'namespace headroom::engines::calibration_tables {');
  L.push(`namespace detail::${name} {`);
  for (const g of grids) grid_arrays(L, g, `_${g.cls}`);
  L.push(`}  // namespace detail::${name}`, '', '}  // namespace headroom::engines::calibration_tables', '');
  const hdir = path.join(root, 'engines/include/headroom/engines/calibration');
  fs.mkdirSync(hdir, { recursive: true });
  fs.writeFileSync(path.join(hdir, `${name}.hpp`), L.join('\n'));
}

/// The measurements' origin as the generated files state it: aiconfigurator's unless `t.origin`
/// names another ({ source, spdx, generator, copyright }).
function origin_of(t) {
  if (t.origin) return t.origin;
  return { source: `NVIDIA aiconfigurator (github.com/ai-dynamo/aiconfigurator) @${t.commit}, Apache-2.0: ` +
    `aic-core/src/aiconfigurator_core/systems/data/{${t.files.join(', ')}}`, spdx: 'Apache-2.0', generator: 'convert.mjs',
  copyright: 'Copyright NVIDIA CORPORATION & AFFILIATES' };
}

export function write_outputs(root, t) {
  const name = `${t.device}_${t.engine}`;
  const o = origin_of(t);
  const src = o.source;
  const json = { device: t.device, engine: t.engine, version: t.version, source: src,
    grids: t.grids.map(g => ({ class: g.cls, format: g.fmt, absolute_us: g.absolute, floor_us: g.floor_us, xs: g.xs, ys: g.ys, values: g.values })) };
  const jdir = path.join(root, 'engines/calibration');
  fs.mkdirSync(jdir, { recursive: true });
  fs.writeFileSync(path.join(jdir, `${name}.json`), JSON.stringify(json, null, 1).replace(/\n\s+(?=[-\d])/g, ' ').replace(/\n\s+\]/g, ']') + '\n');

  const L = [];
  L.push(`// SPDX-License-Identifier: ${o.spdx}`);
  L.push(`// Generated by tools/calibrate/${o.generator}; do not edit. Derived from ${src.split(': ')[0]}`);
  L.push(`// (${o.copyright}; see ./NOTICE). Files read:`);
  for (const f of t.files) L.push(`//   ${f}`);
  L.push(`// Ceilings on headroom's datasheet constants for ${t.device}: ${t.dev.bw} GB/s, BF16 ${t.dev.bf16}, FP8 ${t.dev.fp8}` +
    (t.dev.fp4 ? `, NVFP4 ${t.dev.fp4}` : '') + ` dense TFLOP/s (${t.dev.src}).`);
  const shared = t.grids.some(is_nccl);
  const refs = [...new Set(t.grids.filter(g => g.ref).map(g => g.ref.table))];
  // <array> gives std::size; <iterator> would also bring in the stream iterators, several times
  // the parse cost of the table itself.
  L.push('#pragma once', '', '#include <array>', '', '#include <headroom/calibration.hpp>');
  for (const r of refs) L.push(`#include <headroom/engines/calibration/${r}.hpp>`);
  if (shared) L.push(`#include <headroom/engines/calibration/${nccl_name(t.device)}.hpp>`);
  L.push('', 'namespace headroom::engines::calibration_tables {');
  L.push(`namespace detail::${name} {`);
  t.grids.forEach((g, i) => {
    if (is_nccl(g)) L.push(`// ${g.cls} ${g.fmt}: NCCL, ${nccl_name(t.device)}.hpp`);
    else if (g.ref) L.push(`// ${g.cls} ${g.fmt}: ${g.n_points} rows (${g.stand_in}): ${g.ref.table}.hpp's grid ${g.ref.index}; floor ${g.floor_us} us`);
    else grid_arrays(L, g, i);
  });
  const arr = (g, i, a) => (is_nccl(g) ? `${nccl_name(t.device)}::${a}_${g.cls}` : g.ref ? `${g.ref.table}::${a}${g.ref.index}` : `${a}${i}`);
  L.push('inline constexpr calib_grid grids[] = {');
  t.grids.forEach((g, i) => L.push(`    {kernel_class::${g.cls}, calib_format::${g.fmt}, ${g.nx}, ${g.ny}, ${arr(g, i, 'x')}, ${arr(g, i, 'y')}, ${arr(g, i, 'v')}, ${g.absolute}, ${lit(g.floor_us)}},`));
  L.push('};');
  L.push(`}  // namespace detail::${name}`, '');
  L.push(`inline constexpr calibration ${name}{"${t.device}", "${t.engine}", "${t.version}",`);
  L.push(`    "${src}",`);
  L.push(`    detail::${name}::grids, std::size(detail::${name}::grids)};`);
  // The laws are checked once, where the tables are built and tested (tests/static/
  // calibration_test.cpp: all_shipped_valid), not in every translation unit that includes them:
  // a static_assert a table cost each consumer about 0.3 s of its compile (docs/calibration.md).
  L.push(`// Checked against calibration.hpp's laws by tests/static/calibration_test.cpp (all_shipped_valid).`);
  L.push('', '}  // namespace headroom::engines::calibration_tables', '');
  const hdir = path.join(root, 'engines/include/headroom/engines/calibration');
  fs.mkdirSync(hdir, { recursive: true });
  fs.writeFileSync(path.join(hdir, `${name}.hpp`), L.join('\n'));
  if (process.env.CAL_TRACE) {
    const tr = t.grids.map(g => g.med.map((m, i) => m && `${g.cls} ${g.fmt} x=${g.xs[Math.floor(i / g.ny)]} y=${g.ys[i % g.ny]} ratio=${m.ratio} row=${JSON.stringify(m.row)} file=${g.file}`).filter(Boolean).join('\n')).join('\n');
    const fl = t.grids.filter(g => !g.absolute).map(g => `${g.cls} ${g.fmt} min=${g.min_us} us row=${JSON.stringify(g.min_row)} file=${g.file}`).join('\n');
    fs.appendFileSync(process.env.CAL_TRACE, tr + '\n' + fl + '\n');
  }
}
