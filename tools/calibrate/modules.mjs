// SPDX-License-Identifier: MIT
// Reduces NVIDIA aiconfigurator's measured MLA attention modules (Apache-2.0) to headroom's
// latent-module tables: engines/include/headroom/engines/calibration/latent_modules.hpp.
// Usage (README.md):
//   node modules.mjs <aiconfigurator git dir> <headroom repo root>
//
// A row of `mla_generation_module_perf` times DeepSeek-V3's whole attention module in a decode
// step as the engine runs it (q_a / kv_a projection, both norms, q_b, rope, the KV write, the
// absorbed attention with kv_b's two halves, o_proj; not the layer's input norm, residual add or
// TP all-reduce), for one rank of `num_heads` query heads, `batch_size` sequences at `step`
// tokens of context (collector/vllm/collect_mla_module.py, collector/trtllm/collect_mla_module.py
// @095f58a5: "Profiles the complete attention module forward pass (projections + attention +
// output)"). `latency` is milliseconds. The table keeps the measured microseconds (no ratio:
// headroom does not cost the module as one node), per (heads, projection weights, KV cache).
// SGLang's module is timed by the wide-EP collector (`wideep_generation_mla_perf`: the same
// module, SGLang's DeepseekV2AttentionMLA forward, one rank of `num_heads`, the context in `isl`
// with `step` 0; collector/sglang/collect_wideep_attn.py @9c9724da, which wrote the 0.5.10 rows,
// collector/sglang/collect_mla_module.py @095f58a5 since); its rows hold SGLang's default MLA
// backend of each device class (and on Hopper flashinfer's beside fa3's), and the table keeps the
// default; docs/calibration.md says what those rows leave out.
import { execFileSync } from 'child_process';
import fs from 'fs';
import path from 'path';
import { parquetReadObjects } from 'hyparquet';
import { compressors } from 'hyparquet-compressors';
import { devices } from './ceilings.mjs';

const [repo, root] = [process.argv[2], process.argv[3] ?? '../..'];
if (!repo) throw new Error('usage: node modules.mjs <aiconfigurator git dir> [headroom root]');
const DATA = 'aic-core/src/aiconfigurator_core/systems/data';
const git = (...a) => execFileSync('git', ['-C', repo, ...a], { maxBuffer: 1 << 30 });
const commit = git('rev-parse', 'HEAD').toString().trim();
const tree = new Set(git('ls-tree', '-r', 'HEAD', '--name-only', DATA).toString().split('\n'));

/// The engine versions read: those of the shipped kernel tables (convert.mjs chose them: vLLM
/// 0.24.0; TensorRT-LLM 1.3.0rc20, the newest that timed the modules; rc23's tables reuse it).
const VERSION = { vllm: '0.24.0', trtllm: '1.3.0rc20', sglang: '0.5.10' };
/// SGLang 0.5.10, the newest release whose modules were timed (its kernel tables are 0.5.14's);
/// its default MLA backend for DeepSeek-V3: trtllm_mla on compute capability 10.x, fa3 on 9.0
/// (aiconfigurator collector/sglang/collect_mla.py @095f58a5, `_select_default_mla_backend`,
/// after SGLang's server_args.py `_get_default_attn_backend` and its DeepSeek special case).
const SGLANG_BACKEND = (dev) => (dev.sm >= 100 ? 'trtllm_mla' : 'fa3');
const FILE = {
  vllm: (dev) => `${DATA}/${dev.aic}/mla/vllm/${VERSION.vllm}/mla_generation_module_perf.parquet`,
  trtllm: (dev) => `${DATA}/${dev.aic}/mla/trtllm/${VERSION.trtllm}/mla_generation_module_perf.parquet`,
  sglang: (dev) => `${DATA}/${dev.aic}/mla/sglang/${VERSION.sglang}/wideep_generation_mla_perf.parquet`,
};
/// A row's context: vLLM's and TensorRT-LLM's collectors log it as `step` (isl 1, the new
/// token), SGLang's wide-EP one as `isl` (step 0).
const context_of = { vllm: (r) => r.step, trtllm: (r) => r.step, sglang: (r) => r.isl };
const row_ok = {
  vllm: (r) => r.isl === 1, trtllm: (r) => r.isl === 1,
  sglang: (r, dev) => r.step === 0 && r.kernel_source === SGLANG_BACKEND(dev),
};
/// The axes kept: every measured batch; every 4x of context from 16 to 65,536 tokens (a module
/// at fewer tokens reads as at 16, where its time is nearly flat; beyond the last point it is
/// not read); the heads a rank holds at TP 1 to 16 of DeepSeek-V3's 128 (and of Kimi-K2's 64).
const XS = [1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 1024];
const YS = [16, 64, 256, 1024, 4096, 16384, 65536];
const HEADS = [8, 16, 32, 64, 128];
/// aiconfigurator's spellings -> calib_format (the projections' weights) and the KV cache's. The
/// projections a shipped checkpoint of this layout has: block-scaled FP8 (DeepSeek-V3, Kimi-K2)
/// and BF16 (NVIDIA's FP4 checkpoints keep attention in BF16: hf_quant_config.json
/// exclude_modules); BF16 only where FP4 runs (a Hopper serves those checkpoints nowhere). The
/// NVFP4 projections' rows are not read: no shipped checkpoint quantizes them.
const WEIGHTS = { bfloat16: 'bf16', fp8_block: 'fp8_block' };
const weights_on = (dev, gt) => gt !== 'bfloat16' || dev.fp4 > 0;
const KV = { bfloat16: 'bf16', fp8: 'fp8' };
/// The layout every row times (the collector's model config): DeepSeek-V3's, which the C++ side
/// checks a block against before reading the table (prediction.hpp, latent_module_heads).
const MODELS = new Set(['deepseek-ai/DeepSeek-V3', 'deepseek-ai/DeepSeek-R1', 'nvidia/DeepSeek-V3.1-NVFP4']);

async function rows_of(file) {
  const b = git('show', `HEAD:${file}`);
  const rows = await parquetReadObjects({ file: b.buffer.slice(b.byteOffset, b.byteOffset + b.byteLength), compressors });
  return rows.map(r => Object.fromEntries(Object.entries(r).map(([k, x]) => [k, typeof x === 'bigint' ? Number(x) : x])));
}

const sig = (v) => Number(v.toPrecision(4));
const lit = (v) => (Number.isInteger(v) ? `${v}.0` : String(v));

const tables = [], summary = [];
// The data-center parts that serve DeepSeek-V3-shaped models (L40S: no).
for (const [device, dev] of Object.entries(devices).filter(([d]) => d !== 'l40s' && d !== 'a100_sxm_80gb')) {
  for (const engine of ['vllm', 'trtllm', 'sglang']) {
    const file = FILE[engine](dev);
    if (!tree.has(file)) continue;
    const rows = (await rows_of(file)).filter(r => MODELS.has(r.model) && r.tp_size === 1 && row_ok[engine](r, dev) && WEIGHTS[r.gemm_type] && KV[r.kv_cache_dtype]);
    const grids = [];
    for (const heads of HEADS) {
      for (const [gt, wf] of Object.entries(WEIGHTS).filter(([gt]) => weights_on(dev, gt))) {
        for (const [kt, kf] of Object.entries(KV)) {
          const sel = rows.filter(r => r.num_heads === heads && r.gemm_type === gt && r.kv_cache_dtype === kt);
          if (!sel.length) continue;
          // One kernel source a (weights, KV) pair in every table (the engine's default backend
          // for it); a second would be a choice this reduction does not make.
          const sources = new Set(sel.map(r => r.kernel_source));
          if (sources.size > 1) throw new Error(`${file}: ${[...sources]} for heads ${heads}, ${gt}, ${kt}`);
          // A cell is the row at its own (batch, context); the same row under DeepSeek-V3's and
          // R1's names (one layout) is measured twice: the lower median of the two, their first.
          // A cell no row measured is 0: the lookup does not read across it.
          let missing = 0;
          const values = XS.flatMap(x => YS.map(y => {
            const at = sel.filter(r => r.batch_size === x && context_of[engine](r) === y).map(r => r.latency * 1e3).sort((a, b) => a - b);
            if (!at.length) { ++missing; return 0; }
            return sig(at[Math.floor((at.length - 1) / 2)]);
          }));
          grids.push({ heads, wf, kf, values, missing, source: [...sources][0], n: sel.length });
        }
      }
    }
    if (!grids.length) continue;
    tables.push({ device, engine, version: VERSION[engine], file: file.slice(DATA.length + 1), grids });
    summary.push(`${device} ${engine} ${VERSION[engine]}: ${grids.length} grids (${[...new Set(grids.map(g => g.source))].join(', ')}), ` +
      `${grids.reduce((s, g) => s + g.missing, 0)} cells unmeasured`);
  }
}

const L = [];
L.push('// SPDX-License-Identifier: Apache-2.0');
L.push('// Generated by tools/calibrate/modules.mjs; do not edit. Derived from NVIDIA aiconfigurator');
L.push(`// (github.com/ai-dynamo/aiconfigurator) @${commit}, Apache-2.0 (Copyright NVIDIA CORPORATION &`);
L.push('// AFFILIATES; see ./NOTICE). Files read (aic-core/src/aiconfigurator_core/systems/data/):');
for (const t of tables) L.push(`//   ${t.file}`);
L.push('// DeepSeek-V3\'s attention module in a decode step, measured microseconds a layer: grids over');
L.push('// (sequences on the rank, context tokens) per (query heads on the rank, projection weights, KV cache);');
L.push('// 0 where no row measured the cell (prediction.hpp, latent_module_table).');
L.push('#pragma once', '', '#include <array>', '', '#include <headroom/prediction.hpp>', '');
L.push('namespace headroom::engines::calibration_tables {', '', 'namespace detail::latent_modules {');
L.push(`inline constexpr double xs[] = {${XS.map(lit).join(', ')}};`);
L.push(`inline constexpr double ys[] = {${YS.map(lit).join(', ')}};`);
L.push('}  // namespace detail::latent_modules', '');
for (const t of tables) {
  const name = `${t.device}_${t.engine}_latent`;
  L.push(`namespace detail::${name} {`);
  t.grids.forEach((g, i) => {
    L.push(`// ${g.heads} heads, ${g.wf} weights, ${g.kf} KV: ${g.source}, ${g.n} rows` + (g.missing ? `, ${g.missing} cells unmeasured` : ''));
    L.push(`inline constexpr double v${i}[] = {`);
    for (let ix = 0; ix < XS.length; ++ix) L.push(`    ${g.values.slice(ix * YS.length, (ix + 1) * YS.length).map(lit).join(', ')},`);
    L.push('};');
  });
  L.push('inline constexpr latent_module_grid grids[] = {');
  t.grids.forEach((g, i) => L.push(`    {${g.heads}, calib_format::${g.wf}, {kernel_class::mla_decode, calib_format::${g.kf}, ${XS.length}, ` +
    `${YS.length}, latent_modules::xs, latent_modules::ys, v${i}, true, 0.0}},`));
  L.push('};');
  L.push(`}  // namespace detail::${name}`);
  L.push(`inline constexpr latent_module_table ${name}{"${t.engine} ${t.version} on ${t.device}: NVIDIA aiconfigurator ` +
    `(github.com/ai-dynamo/aiconfigurator) @${commit}, Apache-2.0: ${t.file}",`);
  L.push(`    detail::${name}::grids, std::size(detail::${name}::grids)};`, '');
}
L.push('}  // namespace headroom::engines::calibration_tables', '');
const hdir = path.join(root, 'engines/include/headroom/engines/calibration');
fs.writeFileSync(path.join(hdir, 'latent_modules.hpp'), L.join('\n'));
fs.writeFileSync(path.join(path.dirname(new URL(import.meta.url).pathname), 'last_run_modules.txt'),
  `aiconfigurator @${commit}\n` + summary.join('\n') + '\n');
console.log(summary.join('\n'));
