// SPDX-License-Identifier: MIT
// Reduces the kernel timings in ROCm aiter's tuned-kernel tables (MIT) to headroom calibration
// tables for AMD Instinct parts: engines/include/headroom/engines/calibration/<device>_<engine>.hpp
// and engines/calibration/<device>_<engine>.json, for SGLang and vLLM. Usage (README.md):
//   node aiter.mjs <aiter git dir> <headroom repo root>
//
// aiter (github.com/ROCm/aiter) is the kernel library both engines run on Instinct GPUs: SGLang's
// ROCm images set SGLANG_USE_AITER=1 (docker/rocm.Dockerfile), vLLM's ROCm deployments set
// VLLM_ROCM_USE_AITER=1. Its tuners time every candidate kernel of a shape and commit the fastest
// to aiter/configs/**/*tuned*.csv with its time, `us`: the device time of the kernel from the
// PyTorch profiler's trace, averaged over 101 runs whose inputs rotate through copies larger than
// the cache (aiter/test_common.py, perftest). That is what aiconfigurator's CUDA-graph rows are
// on NVIDIA parts, so the same reduction (emit.mjs) applies.
import { execFileSync } from 'child_process';
import fs from 'fs';
import path from 'path';
import { amd_devices, gemm_us, moe_us } from './ceilings.mjs';
import { reduce, write_outputs } from './emit.mjs';

const [repo, root] = [process.argv[2], process.argv[3] ?? '../..'];
if (!repo) throw new Error('usage: node aiter.mjs <aiter git dir> [headroom root]');
const CONFIGS = 'aiter/configs';
const git = (...a) => execFileSync('git', ['-C', repo, ...a], { maxBuffer: 1 << 30 });
const commit = git('rev-parse', 'HEAD').toString().trim();
const files = git('ls-tree', '-r', 'HEAD', '--name-only', CONFIGS).toString().split('\n')
  .filter(f => f.endsWith('.csv') && /tuned/.test(path.basename(f)) && !/untuned/.test(path.basename(f))).sort();

/// aiter's CSVs have no quoted fields with commas today; a quoted field is read whole anyway.
function parse(text) {
  const lines = text.split(/\r?\n/).filter(l => l.trim() !== '');
  const split = (l) => { const out = []; let cur = '', q = false; for (const ch of l) { if (ch === '"') q = !q; else if (ch === ',' && !q) { out.push(cur); cur = ''; } else cur += ch; } out.push(cur); return out; };
  const head = split(lines[0]).map(h => h.trim());
  return { head, rows: lines.slice(1).map(l => { const c = split(l); return Object.fromEntries(head.map((h, i) => [h, (c[i] ?? '').trim()])); }) };
}

const fp8_w = (r) => /float8/.test(r.q_dtype_w ?? '');

/// The headroom format of a dense GEMM row of `file`, or null: the file name says the kernel
/// family (aiter names its tables after it); a8w8 without blockscale is FP8 per-token
/// activations x per-channel weights (headroom's fp8) when its weights are FP8, not INT8.
/// Skipped: batched GEMMs (MLA's), W4A4 / W6A6 / MXFP8 families (no headroom format reads them
/// as their kernels run), BF16 GEMMs writing FP32 (router logits).
function gemm_format(file, r) {
  const b = path.basename(file);
  if (/batched|bmm/.test(b) || 'B' in r || 'b' in r) return null;
  if (/a8w8_blockscale/.test(b)) return 'fp8_block';
  if (/a8w8/.test(b) && !/mxfp8/.test(b)) return fp8_w(r) ? 'fp8' : null;
  if (/bf16/.test(b)) return r.dtype === 'torch.bfloat16' && r.outdtype === 'torch.bfloat16' ? 'bf16' : null;
  return null;
}

/// The format of a fused-MoE row (q_type names the weights' scaling): 128 x 128 blocks of FP8
/// (DeepSeek-style, headroom's fp8_block), per-token / per-tensor FP8, or unquantized BF16.
function moe_format(r) {
  if (r.q_type === 'QuantType.per_1x128' && fp8_w(r)) return 'fp8_block';
  if ((r.q_type === 'QuantType.per_Token' || r.q_type === 'QuantType.per_Tensor') && fp8_w(r)) return 'fp8';
  if (r.q_type === 'QuantType.No' && r.q_dtype_w === 'torch.bfloat16') return 'bf16';
  return null;
}

/// Every timed row of the device's architecture and CU count: {kind, fmt, key, us, row, file}.
function rows_for(dev) {
  const out = [];
  for (const file of files) {
    const { head, rows } = parse(git('show', `HEAD:${file}`).toString());
    const has = (...c) => c.every(x => head.includes(x));
    if (!has('cu_num', 'us')) continue;
    const gemm = has('M', 'N', 'K');
    const moe = has('token', 'model_dim', 'inter_dim', 'expert', 'topk', 'q_type') && !has('shared_expert_id');
    if (!gemm && !moe) continue;
    for (const r of rows) {
      // Tables without a gfx column predate aiter's third architecture: gfx942 or gfx950, which
      // the CU count alone tells apart.
      if (Number(r.cu_num) !== dev.cu || ('gfx' in r && r.gfx !== dev.gfx)) continue;
      const us = Number(r.us);
      if (!(us > 0) || !Number.isFinite(us)) continue;  // a shape no candidate ran
      if (gemm) {
        const fmt = gemm_format(file, r);
        const [m, n, k] = [Number(r.M), Number(r.N), Number(r.K)];
        if (fmt && m > 0 && n > 0 && k > 0) out.push({ kind: 'gemm', fmt, key: `${m}/${n}/${k}`, m, n, k, us, file });
      } else {
        const fmt = moe_format(r);
        const [t, h, inter, e, topk] = [r.token, r.model_dim, r.inter_dim, r.expert, r.topk].map(Number);
        if (fmt && t > 0 && h > 0 && inter > 0 && e > 0 && topk > 0) out.push({ kind: 'moe_gemm', fmt, key: `${t}/${h}/${inter}/${e}/${topk}`, t, h, inter, e, topk, us, file });
      }
    }
  }
  return out;
}

/// The grids of one device: per (class, format), the fastest row per shape (a shape tuned in two
/// tables runs whichever aiter loads last; the engines load the model's own table over the
/// default, which is tuned for it), measured / ceiling.
function grids_for(dev) {
  const rows = rows_for(dev);
  // A time repeated to the last digit at another row count of the same shape is one measurement
  // copied, not two (gfx950's DeepSeek-V3 MoE table gives 359.4797 us for 4,096 to 32,768
  // tokens): such rows are not read. A key's first field is the row count.
  const [rows_of, rest_of] = [(r) => r.key.split('/')[0], (r) => `${r.kind}/${r.fmt}/${r.key.split('/').slice(1).join('/')}/${r.us}`];
  const times = new Map();
  for (const r of rows) {
    if (!times.has(rest_of(r))) times.set(rest_of(r), new Set());
    times.get(rest_of(r)).add(rows_of(r));
  }
  const copied = (r) => times.get(rest_of(r)).size > 1;
  const best = new Map();
  for (const r of rows.filter(r => !copied(r))) {
    const k = `${r.kind}/${r.fmt}/${r.key}`;
    if (!best.has(k) || r.us < best.get(k).us) best.set(k, r);
  }
  const by = new Map();
  for (const r of best.values()) {
    const k = `${r.kind}/${r.fmt}`;
    if (!by.has(k)) by.set(k, []);
    const ceiling = r.kind === 'gemm' ? gemm_us(dev, r.fmt, r.m, r.n, r.k) : moe_us(dev, r.fmt, r.t, r.h, r.inter, r.topk, r.e);
    const x = r.kind === 'gemm' ? r.m : r.t, y = r.kind === 'gemm' ? r.n * r.k : 3 * r.h * r.inter;
    // emit.mjs reads a row's time as `latency` in milliseconds (aiconfigurator's unit).
    by.get(k).push({ x, y, ratio: r.us / ceiling, row: { ...r, latency: r.us / 1e3 }, file: r.file });
  }
  const order = ['gemm/bf16', 'gemm/fp8', 'gemm/fp8_block', 'moe_gemm/bf16', 'moe_gemm/fp8', 'moe_gemm/fp8_block'];
  const grids = order.filter(k => by.has(k)).map(k => {
    const pts = by.get(k);
    const [cls, fmt] = k.split('/');
    const used = [...new Set(pts.map(p => p.file))];
    return { ...reduce({ cls, fmt, pts, file: used, absolute: false }), used };
  });
  for (const g of grids) g.floor_us = Math.min(...grids.filter(o => o.cls === g.cls).map(o => o.min_us));
  return grids;
}

const engines = ['sglang', 'vllm'];
const report = [];
for (const [id, dev] of Object.entries(amd_devices)) {
  const grids = grids_for(dev);
  if (!grids.length) continue;
  const used = [...new Set(grids.flatMap(g => g.used))].map(f => f.slice(CONFIGS.length + 1));
  const origin = {
    source: `ROCm aiter (github.com/ROCm/aiter) @${commit}, MIT: ${CONFIGS}/{${used.join(', ')}} (${dev.gfx}, ${dev.cu} CUs)`,
    spdx: 'MIT', generator: 'aiter.mjs', copyright: 'Copyright Advanced Micro Devices, Inc.',
  };
  // One set of arrays per device: the second engine's table points at the first's.
  engines.forEach((eng, e) => {
    const gs = e === 0 ? grids : grids.map((g, i) => ({ ...g, ref: { table: `${id}_${engines[0]}`, index: i }, stand_in: `the same aiter rows as ${id}_${engines[0]}` }));
    write_outputs(root, { device: id, engine: eng, version: `aiter ${commit.slice(0, 12)}`, commit, files: used, dev, grids: gs, origin });
  });
  for (const g of grids) report.push(`${id} ${g.cls} ${g.fmt}: ${g.nx}x${g.ny} from ${g.n_points} shapes; ${g.note}; floor ${g.floor_us} us; ${g.fit}`);
}
fs.writeFileSync(path.join(root, 'tools/calibrate/last_run_aiter.txt'), `aiter ${commit}\n${report.join('\n')}\n`);
console.log(report.join('\n'));
