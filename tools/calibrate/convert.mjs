// SPDX-License-Identifier: MIT
// Reduces NVIDIA aiconfigurator's measured kernel databases (Apache-2.0) to headroom calibration
// tables: engines/include/headroom/engines/calibration/<device>_<engine>.hpp and
// engines/calibration/<device>_<engine>.json. Usage (README.md):
//   node convert.mjs <aiconfigurator git dir> <headroom repo root>
import { execFileSync } from 'child_process';
import fs from 'fs';
import path from 'path';
import { parquetReadObjects } from 'hyparquet';
import { compressors } from 'hyparquet-compressors';
import { devices, gemm_us, moe_us, attention_us, mla_us, peak, causal_half } from './ceilings.mjs';
import { is_nccl, reduce, write_collectives, write_outputs } from './emit.mjs';

const [repo, root] = [process.argv[2], process.argv[3] ?? '../..'];
if (!repo) throw new Error('usage: node convert.mjs <aiconfigurator git dir> [headroom root]');
const DATA = 'aic-core/src/aiconfigurator_core/systems/data';
const git = (...a) => execFileSync('git', ['-C', repo, ...a], { maxBuffer: 1 << 30 });
const commit = git('rev-parse', 'HEAD').toString().trim();
const tree = git('ls-tree', '-r', 'HEAD', '--name-only', DATA).toString().split('\n');

// Version order: 1.3.0rc20 < 1.3.0; 0.5.6.post2 > 0.5.6.
function vkey(v) {
  const m = /^(\d+)\.(\d+)(?:\.(\d+))?(?:\.?(rc|post|dev)(\d+))?/.exec(v);
  if (!m) return [-1, 0, 0, 0, 0];  // not a version directory
  const tag = { rc: 0, undefined: 1, post: 2, dev: -1 }[m[4]];
  return [+m[1], +m[2], +(m[3] || 0), tag, +(m[5] ?? 0)];
}
const vcmp = (a, b) => { const x = vkey(a), y = vkey(b); for (let i = 0; i < 5; ++i) if (x[i] !== y[i]) return x[i] - y[i]; return 0; };
const versions = (sys, kind, eng) => [...new Set(tree.filter(f => f.startsWith(`${DATA}/${sys}/${kind}/${eng}/`)).map(f => f.split('/')[8]))].sort(vcmp);

/// The files of `table` for engine version `v`: its own parquet plus the version its reuse.yaml
/// names for that table (a partial recollection reuses the rest), or (neither) the newest older
/// version that measured it.
function resolve(sys, kind, eng, v, table) {
  const dir = (x) => `${DATA}/${sys}/${kind}/${eng}/${x}`;
  const own = `${dir(v)}/${table}.parquet`;
  const out = tree.includes(own) ? [own] : [];
  if (tree.includes(`${dir(v)}/reuse.yaml`)) {
    const y = git('show', `HEAD:${dir(v)}/reuse.yaml`).toString();
    const m = new RegExp(`table: ${table}\\s+from_version: (\\S+)`).exec(y);
    if (m) return [...out, ...resolve(sys, kind, eng, m[1], table)];
  }
  if (out.length) return out;
  const older = versions(sys, kind, eng).filter(x => vcmp(x, v) < 0 && tree.includes(`${dir(x)}/${table}.parquet`));
  return older.length ? [`${dir(older[older.length - 1])}/${table}.parquet`] : [];
}

async function read(files, columns) {
  const all = [];
  for (const file of files) {
    const b = git('show', `HEAD:${file}`);
    const file_ = b.buffer.slice(b.byteOffset, b.byteOffset + b.byteLength);
    // Older tables lack some columns (window_size): read them whole, the filters treat a missing
    // column as its default.
    const rows = await parquetReadObjects({ file: file_, compressors, columns }).catch(() => parquetReadObjects({ file: file_, compressors }));
    const src = file.slice(DATA.length + 1);
    for (const r of rows) all.push({ ...Object.fromEntries(Object.entries(r).map(([k, x]) => [k, typeof x === 'bigint' ? Number(x) : x])), src });
  }
  return all;
}
// aiconfigurator dtype spellings -> headroom calib_format; fp8 per-tensor is preferred, the
// block-scaled tables stand in where a device/engine measured only those.
/// The y points a dense GEMM grid may hold (reduce, emit.mjs).
const MAX_Y_GEMM = 24;
const gemm_fmt = { bfloat16: 'bf16', fp8: 'fp8', fp8_block: 'fp8_block', nvfp4: 'fp4', int4_wo: 'int4_weight_only',
  w4a16_mxfp4: 'mxfp4_weight_only' };
/// A MoE row's format: its dtype's, except MXFP4 weights timed on Marlin's W4A16 kernel (its
/// kernel_source names it), a grid of their own: an engine runs them on Marlin only where a
/// kernel fact says so (engines/exec_facts.hpp), on another kernel by default.
const moe_fmt = (r) => (r.moe_dtype === 'w4a16_mxfp4' && /marlin/.test(r.kernel_source ?? '') ? 'mxfp4_marlin' : gemm_fmt[r.moe_dtype]);

/// Per distinct shape, the fastest kernel source measured (the engines pick among them).
function fastest(rows, key) {
  const best = new Map();
  for (const r of rows) { const k = key(r); if (!best.has(k) || r.latency < best.get(k).latency) best.set(k, r); }
  return [...best.values()];
}

const moe_cols = ['moe_dtype', 'kernel_source', 'num_tokens', 'hidden_size', 'inter_size', 'topk', 'num_experts', 'moe_tp_size', 'moe_ep_size', 'distribution', 'latency'];
const read_moe = (files) => read(files, moe_cols);

/// Whether a MoE row was timed under DeepSeek-V3's group-limited router (8 groups, 4 kept),
/// not plain top-K. SGLang's and vLLM's collectors route DeepSeek-V3's shape (hidden 7168, 256
/// experts of 2,048, top-8) as the model does (collector/cases/models/
/// DeepseekV3ForCausalLM_cases.yaml @095f58a5: sglang_moe_num_expert_group 8,
/// sglang_moe_topk_group 4; collector/vllm/collect_moe.py: the config's n_group and topk_group
/// for deepseek_v3); TensorRT-LLM's min-latency rows route every shape through
/// DeepseekV3Gate(n_group=8, topk_group=4) (collector/trtllm/collect_moe.py, "FIXME: all use
/// deepseek setting for now"), its other rows through RenormalizeMoeRoutingMethod. Under a
/// group-limited router the balanced logits tie every group, so the experts a row reaches rest
/// on the kernels' tie-breaking: to the lower index (ceilings.mjs, balanced_experts), DeepSeek-V3's
/// rows reach 66 of the 256 experts at 16 tokens and 128 from 32 on, where the ceiling's uniform
/// routing reaches 102 and 163 and the collector's plain top-K 128 and 256. Timing them against
/// min(E, t K) experts had read them below their own bandwidth bound (ratios down to 0.26 on
/// TensorRT-LLM's NVFP4 rows on B200); a load that no served step has, they are not read
/// (moe_grids).
const group_limited = (r) =>
  (r.kernel_source === 'moe_torch_flow_min_latency' && r.num_experts % 8 === 0) ||
  (r.hidden_size === 7168 && r.inter_size === 2048 && r.num_experts === 256 && r.topk === 8 && /^(sglang|vllm)_/.test(r.kernel_source ?? ''));

/// Whether a MoE row's experts are gated (SwiGLU: three matrices an expert) or not (two: up,
/// relu2, down). The collectors time Nemotron-3's shapes ungated, as the model runs them:
/// SGLang `sglang_moe_is_gated: false` and vLLM `relu2_no_mul` for nemotron_h
/// (collector/cases/models/NemotronHForCausalLM_cases.yaml, collector/vllm/collect_moe.py
/// @095f58a5); TensorRT-LLM labels its ungated rows `moe_torch_flow_nongated`
/// (collector/trtllm/collect_moe.py, NON_GATED_MOE_MODELS). Read as gated, those rows had come
/// out below their bandwidth bound (down to 0.6x: two thirds of the bytes counted).
const nemotron_shape = (r) => (r.num_experts === 512 && r.topk === 22) ||
  (r.hidden_size === 2688 && r.inter_size === 1856 && r.num_experts === 128 && r.topk === 6);
const gated = (r) => /^(sglang|vllm)_/.test(r.kernel_source ?? '') ? !nemotron_shape(r) : r.kernel_source !== 'moe_torch_flow_nongated';

/// The moe_gemm grids' points of MoE rows `all` (read from `file`), one per format the device
/// has an MMA for.
function moe_grids(dev, all, file) {
  // One rank holding every expert, whole or its TP slice (a row of moe_tp_size holds
  // inter / moe_tp_size of each and sees every token: tensor-parallel MoE dispatches
  // nothing), under aiconfigurator's `balanced` routing
  // (collector/helper.py, balanced_logits), which touches min(E, t*K) distinct experts, more
  // than the uniform routing of headroom's ceiling expects at 2 to a few hundred tokens (256
  // against 163 of 256 at 32 tokens, top-8). The ratio is taken against the ceiling of the
  // experts the row touched (moe_us's 'balanced'): the kernel's time over the bytes it moved,
  // which the prediction then applies to the experts its own routing touches.
  // docs/calibration.md gives the choices' accuracy, and why an EP rank's rows are not read;
  // group_limited why the rows of a group-limited router are not either.
  const rows = fastest(all.filter(r => r.distribution === 'balanced' && r.moe_ep_size === 1 && r.inter_size % r.moe_tp_size === 0 && moe_fmt(r) && !group_limited(r)),
    r => `${moe_fmt(r)}/${r.num_tokens}/${r.hidden_size}/${r.inter_size / r.moe_tp_size}/${r.topk}/${r.num_experts}`);
  const have = new Set(rows.map(moe_fmt));
  const out = [];
  for (const f of ['bf16', 'fp8', 'fp8_block', 'fp4', 'int4_weight_only', 'mxfp4_weight_only', 'mxfp4_marlin']) {
    if (!have.has(f) || !peak(dev, f)) continue;  // no peak: the device has no such MMA
    const pts = rows.filter(r => moe_fmt(r) === f).map(r => ({ x: r.num_tokens, y: (gated(r) ? 3 : 2) * r.hidden_size * (r.inter_size / r.moe_tp_size),
      ratio: r.latency * 1e3 / moe_us(dev, f, r.num_tokens, r.hidden_size, r.inter_size / r.moe_tp_size, r.topk, r.num_experts, 'balanced', gated(r)), row: r }));
    if (pts.length) out.push({ cls: 'moe_gemm', fmt: f, pts, file, absolute: false });
  }
  return out;
}

/// Points {fmt, x, y, ratio, row} for each class; `latency` is milliseconds (aiconfigurator's
/// perf_database loaders read every *_perf table's `latency` as ms).
async function points(dev, sys, eng, v) {
  const out = { grids: [], files: [] };
  const add = (cls, fmt, pts, file, absolute = false) => { if (pts.length) out.grids.push({ cls, fmt, pts, file, absolute }); };
  const use = (kind, table) => { const f = resolve(sys, kind, eng, v, table); out.files.push(...f); return f.length ? f : null; };

  const gf = use('gemm', 'gemm_perf');
  if (gf) {
    const rows = fastest((await read(gf, ['gemm_dtype', 'm', 'n', 'k', 'latency'])).filter(r => gemm_fmt[r.gemm_dtype]), r => `${r.gemm_dtype}/${r.m}/${r.n}/${r.k}`);
    const have = new Set(rows.map(r => gemm_fmt[r.gemm_dtype]));
    for (const f of ['bf16', 'fp8', 'fp8_block', 'fp4', 'int4_weight_only', 'mxfp4_weight_only']) {
      // Per-tensor and block-scaled FP8 are different kernels (TensorRT-LLM on H200 at one row:
      // 13.4 us against 6.6 us for 2,048 x 2,048): each its own grid.
      if (!have.has(f) || !peak(dev, f)) continue;  // no peak: the device has no such MMA
      const pts = rows.filter(r => gemm_fmt[r.gemm_dtype] === f).map(r => ({ x: r.m, y: r.n * r.k, ratio: r.latency * 1e3 / gemm_us(dev, f, r.m, r.n, r.k), row: r }));
      add('gemm', f, pts, gf);
    }
    // Per-tensor FP8 with the activation's scale stored in the checkpoint (ModelOpt's
    // input_scale): the collectors time the fp8 rows with the scale computed from the activation
    // each call (collector/trtllm/collect_gemm.py: "the collected fp8 GEMM includes the
    // compute-scale overhead"), and time that overhead alone as the dynamic quantization less
    // the static one (collect_computescale.py). aiconfigurator's fp8_static is the difference
    // (aic-core/rust/aiconfigurator-core/src/operators/gemm.rs), never below the GEMM's
    // ceiling; so is headroom's, from the rows whose (m, k) the overhead table measured.
    const qf = have.has('fp8') && peak(dev, 'fp8') ? use('quantize', 'computescale_perf') : null;
    if (qf) {
      const scale = new Map((await read(qf, ['m', 'k', 'quant_dtype', 'latency'])).filter(r => r.quant_dtype === 'fp8').map(r => [`${r.m}/${r.k}`, r.latency]));
      const pts = [];
      for (const r of rows.filter(r => gemm_fmt[r.gemm_dtype] === 'fp8')) {
        const cs = scale.get(`${r.m}/${r.k}`);
        if (cs === undefined) continue;
        const ceiling = gemm_us(dev, 'fp8', r.m, r.n, r.k);
        const us = Math.max(ceiling, r.latency * 1e3 - Math.max(0, cs) * 1e3);
        pts.push({ x: r.m, y: r.n * r.k, ratio: us / ceiling, row: { ...r, latency: us / 1e3, compute_scale_ms: cs } });
      }
      // SGLang's table reads 0 at nearly all of its 1,628 shapes (its fp8 rows compute the
      // scale inside the quantization kernel they time, sgl_per_token_quant_fp8): no grid of its
      // own where most shapes measured no overhead, its fp8 one stands in (grid_for,
      // prediction.hpp).
      const positive = [...scale.values()].filter(v => v > 0).length;
      if (2 * positive > scale.size) add('gemm', 'fp8_static', pts, [...gf, ...qf]);
    }
  }
  const mf = use('moe', 'moe_perf');
  if (mf) {
    out.moe_files = mf;
    out.moe_rows = await read_moe(mf);  // kept: trtllm_gen_stand_in filters them again by kernel
    for (const g of moe_grids(dev, out.moe_rows, mf)) add(g.cls, g.fmt, g.pts, g.file);
  }
  const kv = (r) => (r.kv_cache_dtype === 'fp8' ? 'fp8' : 'bf16');
  const att_cols = ['batch_size', 'isl', 'num_heads', 'num_key_value_heads', 'head_dim', 'kv_cache_dtype', 'step', 'window_size', 'latency'];
  const df = use('attention', 'generation_attention_perf');
  if (df) {
    // step = the KV history before the query token: the sequence attends over step + 1 tokens
    // (collector/vllm/collect_attn.py: "seq_lens includes the current query token").
    const rows = fastest((await read(df, att_cols)).filter(r => (r.window_size ?? 0) === 0),
      r => `${r.kv_cache_dtype}/${r.batch_size}/${r.num_heads}/${r.num_key_value_heads}/${r.head_dim}/${r.step}`);
    // y is the KV elements one sequence reads (tokens x K and V x kv_heads x head_dim), not its
    // tokens: at a few sequences a decode kernel's time is mostly fixed (11-16 us on H100 under
    // SGLang 0.5.14 at one sequence of 1,024 tokens, from 1 to 16 KV heads of 128 or 256), so
    // its ratio to the ceiling falls as the KV read grows: 80x at 1 x 128, 7x at 12 x 128. A cell
    // pooling every head layout at one context would hand a model with 16 KV heads of 256 the
    // ratio of a 2-head one (40x its ceiling, 141 us a layer); by KV read, the layouts that read
    // as much.
    for (const f of ['bf16', 'fp8']) {
      const pts = rows.filter(r => kv(r) === f).map(r => ({ x: r.batch_size, y: (r.step + 1) * 2 * r.num_key_value_heads * r.head_dim,
        ratio: r.latency * 1e3 / attention_us(dev, f, r.batch_size, r.batch_size, r.step + 1, r.num_heads, r.num_key_value_heads, r.head_dim), row: r }));
      add('gqa_decode', f, pts, df);
    }
  }
  const cf = use('attention', 'context_attention_perf');
  if (cf) {
    const rows = fastest((await read(cf, att_cols)).filter(r => (r.window_size ?? 0) === 0 && r.isl >= 16),
      r => `${r.kv_cache_dtype}/${r.batch_size}/${r.num_heads}/${r.num_key_value_heads}/${r.head_dim}/${r.isl}`);
    for (const f of ['bf16', 'fp8']) {
      // y is the work beside a sequence's tokens, sequences x heads x head_dim: at one isl a
      // kernel of few heads is mostly fixed time (H200 TensorRT-LLM, 16,384 tokens: one 64-wide
      // head 4.62x its ceiling, 8 sequences of 32 heads of 256 1.77x).
      const pts = rows.filter(r => kv(r) === f).map(r => ({ x: r.isl, y: r.batch_size * r.num_heads * r.head_dim,
        ratio: r.latency * 1e3 / attention_us(dev, f, r.batch_size * r.isl, r.batch_size, causal_half(r.isl), r.num_heads, r.num_key_value_heads, r.head_dim), row: r }));
      add('prefill_attention', f, pts, cf);
    }
  }
  // MLA attention cores (DeepSeek-V3 shapes: kv_lora 512, rope 64), one rank's heads.
  const mla_cols = ['kv_cache_dtype', 'num_heads', 'batch_size', 'isl', 'tp_size', 'step', 'latency'];
  const gm = use('mla', 'generation_mla_perf');
  if (gm) {
    const rows = fastest((await read(gm, mla_cols)).filter(r => r.tp_size === 1), r => `${r.kv_cache_dtype}/${r.num_heads}/${r.batch_size}/${r.step}`);
    for (const f of ['bf16', 'fp8']) {
      const pts = rows.filter(r => kv(r) === f).map(r => ({ x: r.batch_size, y: r.step + 1,
        ratio: r.latency * 1e3 / mla_us(dev, f, r.batch_size, r.batch_size, r.step + 1, r.num_heads), row: r }));
      add('mla_decode', f, pts, gm);
    }
  }
  const cm = use('mla', 'context_mla_perf');
  if (cm) {
    const rows = fastest((await read(cm, mla_cols)).filter(r => r.tp_size === 1 && r.isl >= 16), r => `${r.kv_cache_dtype}/${r.num_heads}/${r.batch_size}/${r.isl}`);
    for (const f of ['bf16', 'fp8']) {
      // y: sequences x heads, as prefill attention's (one head layout here, DeepSeek-V3's).
      const pts = rows.filter(r => kv(r) === f).map(r => ({ x: r.isl, y: r.batch_size * r.num_heads,
        ratio: r.latency * 1e3 / mla_us(dev, f, r.batch_size * r.isl, r.batch_size, causal_half(r.isl), r.num_heads), row: r }));
      add('mla_prefill', f, pts, cm);
    }
  }
  // Absorbed MLA's two batched GEMMs of a decode step (collector/<engine>/collect_mla_bmm.py,
  // DeepSeek-V3's dims): mla_gen_pre multiplies the query's nope half [heads, t, qk_nope 128] by
  // W_UK [heads, 128, kv_lora 512], mla_gen_post the attention's output [heads, t, 512] by W_UV
  // [heads, 512, v_head 128]. One point per (tokens, heads) that timed both: their sum over the
  // ceiling of the kv_b_proj node they run (a GEMM of kv_lora in, heads x (qk_nope + v_head)
  // out: gemm_us, node_cost's linear case) in the weight format the grid is read for. Which
  // kernel a kv_b_proj weight runs is the engine's:
  // - BF16 weights: the BF16 rows (torch.bmm, or TensorRT-LLM's bmm_out).
  // - SGLang: a 128 x 128 block-scaled FP8 kv_b_proj is dequantized to BF16 at load on CUDA and
  //   runs torch.bmm (DeepseekV2ForCausalLM.post_load_weights, block_quant_dequant, unless
  //   SGL_USE_DEEPGEMM_BMM on Hopper: python/sglang/srt/models/deepseek_v2.py
  //   @00114aef19bbb7431b9cfc5a77dce64b9c53ed95), so its fp8_block grid is the BF16 rows'; any
  //   other FP8 is requantized per tensor for bmm_fp8, its fp8 rows (sgl_kernel_bmm_fp8).
  // - TensorRT-LLM: its fp8 rows time the block-scaled BMM it runs DeepSeek's FP8 kv_b_proj
  //   with (fp8_block_scaling_bmm_out; on SM100 bmm_out_dequant_bf16): the fp8_block grid.
  // - vLLM on NVIDIA runs both in BF16 whatever the checkpoint (collect_mla_bmm.py's docstring:
  //   BF16 copies of W_UK_T and W_UV, torch.bmm) and timed BF16 alone; prediction.hpp reads its
  //   BF16 grid for an FP8 kv_b_proj (absorbed_bmm_format).
  const bm = use('mla_bmm', 'mla_bmm_perf');
  if (bm) {
    const rows = fastest((await read(bm, ['op_name', 'bmm_dtype', 'num_tokens', 'num_heads', 'latency'])).filter(r => gemm_fmt[r.bmm_dtype]),
      r => `${r.op_name}/${r.bmm_dtype}/${r.num_tokens}/${r.num_heads}`);
    const post = new Map(rows.filter(r => r.op_name === 'mla_gen_post').map(r => [`${r.bmm_dtype}/${r.num_tokens}/${r.num_heads}`, r]));
    const grid = (dtype, fmt) => {
      const pts = [];
      for (const r of rows.filter(r => r.op_name === 'mla_gen_pre' && r.bmm_dtype === dtype)) {
        const q = post.get(`${r.bmm_dtype}/${r.num_tokens}/${r.num_heads}`);
        if (!q) continue;
        const n = r.num_heads * (128 + 128), k = 512;
        pts.push({ x: r.num_tokens, y: n * k, ratio: (r.latency + q.latency) * 1e3 / gemm_us(dev, fmt, r.num_tokens, n, k),
          row: { ...r, latency: r.latency + q.latency, op_name: 'mla_gen_pre + mla_gen_post' } });
      }
      add('mla_bmm', fmt, pts, bm);
    };
    grid('bfloat16', 'bf16');
    if (peak(dev, 'fp8')) {
      if (eng === 'sglang') { grid('bfloat16', 'fp8_block'); grid('fp8', 'fp8'); }
      if (eng === 'trtllm') grid('fp8', 'fp8_block');
    }
  }
  // Linear attention (Gated DeltaNet layers, collector/<engine>/collect_gdn.py; the causal conv
  // of Mamba2 layers too where measured, collect_mamba2.py): measured microseconds a launch, not
  // ratios. The chunked gated delta rule a prompt runs does several times the FLOPs of the
  // recurrence headroom's ceiling counts (WY form, intra-chunk products), so its time over that
  // ceiling is no ratio that carries across shapes. A decode row times one token of `batch_size`
  // sequences; a prefill row one prompt of `seq_len` tokens (batch 1: what headroom's prefill
  // runs). y is the state the kernel updates, one sequence's on one rank: the recurrence's
  // v_heads x k_dim x v_dim, the conv's window of (d_conv - 1) past inputs a channel.
  const state = (r) => r.num_v_heads * r.head_k_dim * r.head_v_dim;
  const gdn_window = (r) => (2 * r.num_k_heads * r.head_k_dim + r.num_v_heads * r.head_v_dim) * (r.d_conv - 1);
  const mamba_window = (r) => (r.nheads * r.head_dim + 2 * r.n_groups * r.d_state) * (r.d_conv - 1);
  const decode = (r) => r.phase === 'generation';
  const prompt = (r) => r.phase === 'context' && r.batch_size === 1;
  const lin = { gdn_decode: [], gdn_prefill: [], conv1d_decode: [], conv1d_prefill: [] };
  const lin_files = [];
  // The causal conv's rows of a table (one kernel in GDN and Mamba2 layers), by its window.
  const conv = (rows, shape, window) => {
    lin.conv1d_decode.push(...rows.filter(r => decode(r) && r.kernel_source === 'causal_conv1d_update').map(r => ({ x: r.batch_size, y: window(r), r, k: shape(r) })));
    lin.conv1d_prefill.push(...rows.filter(r => prompt(r) && r.kernel_source === 'causal_conv1d_fn').map(r => ({ x: r.seq_len, y: window(r), r, k: shape(r) })));
  };
  const gdn = use('linear_attention', 'gdn_perf');
  if (gdn) {
    lin_files.push(...gdn);
    const rows = await read(gdn, ['kernel_source', 'phase', 'batch_size', 'seq_len', 'd_conv', 'num_k_heads', 'head_k_dim', 'num_v_heads', 'head_v_dim', 'latency']);
    const shape = (r) => `${r.num_k_heads}/${r.head_k_dim}/${r.num_v_heads}/${r.head_v_dim}/${r.d_conv}`;
    const rule = (r) => /gated_delta_rule/.test(r.kernel_source);
    lin.gdn_decode.push(...rows.filter(r => decode(r) && rule(r)).map(r => ({ x: r.batch_size, y: state(r), r, k: shape(r) })));
    lin.gdn_prefill.push(...rows.filter(r => prompt(r) && rule(r)).map(r => ({ x: r.seq_len, y: state(r), r, k: shape(r) })));
    conv(rows, shape, gdn_window);
  }
  const m2 = use('linear_attention', 'mamba2_perf');
  if (m2) {
    lin_files.push(...m2);
    const rows = await read(m2, ['kernel_source', 'phase', 'batch_size', 'seq_len', 'd_conv', 'nheads', 'head_dim', 'n_groups', 'd_state', 'latency']);
    const shape = (r) => `m/${r.nheads}/${r.head_dim}/${r.n_groups}/${r.d_state}/${r.d_conv}`;
    conv(rows, shape, mamba_window);
  }
  for (const [cls, all] of Object.entries(lin)) {
    // Per shape and x, the fastest kernel source measured (vLLM times its Triton and FlashInfer
    // chunked scans; it runs the faster).
    const pts = fastest(all.map(p => ({ ...p, latency: p.r.latency })), p => `${p.k}/${p.x}`).map(p => ({ x: p.x, y: p.y, ratio: p.latency * 1e3, row: p.r }));
    add(cls, 'bf16', pts, [...lin_files], true);
  }
  // Collectives: message_size counts 16-bit elements (collector/network/collect_nccl.py logs
  // size // bytes_per_element; collect_all_reduce.py allocates `size` elements), so bytes = 2x.
  // The engine's custom all-reduce (CUDA-graph rows; aiconfigurator skips *_eager) where
  // measured, else NCCL.
  const arv = resolve(sys, 'comm', eng, versions(sys, 'comm', eng).filter(x => vcmp(x, v) <= 0).pop() ?? v, 'custom_allreduce_perf');
  const ar = arv.length ? arv : null;
  const nccl_v = versions(sys, 'comm', 'nccl').pop();
  const nf = nccl_v ? `${DATA}/${sys}/comm/nccl/${nccl_v}/nccl_perf.parquet` : null;
  const coll = (rows) => rows.map(r => ({ x: 2 * r.message_size, y: r.num_gpus, ratio: r.latency * 1e3, row: r }));
  const own_a2a = eng === 'trtllm' ? resolve(sys, 'comm', eng, v, 'trtllm_alltoall_perf') : [];
  if (ar) {
    out.files.push(...ar);
    const all = await read(ar, ['kernel_source', 'num_gpus', 'message_size', 'latency']);
    const graphed = all.filter(r => !String(r.kernel_source).endsWith('_eager'));
    // A device timed eagerly only (vLLM on Intel's XPU: `vLLM_custom_eager` rows alone on the
    // Arc Pro B60) keeps those: its own PCIe all-reduce, not another part's NVLink one.
    add('all_reduce', 'bf16', coll(graphed.length ? graphed : all), ar, true);
  }
  if (nf && tree.includes(nf)) {
    const rows = await read([nf], ['op_name', 'nccl_dtype', 'num_gpus', 'message_size', 'latency']);
    const half = rows.filter(r => r.nccl_dtype === 'half');
    if (!ar) { out.files.push(nf); add('all_reduce', 'bf16', coll(half.filter(r => r.op_name === 'all_reduce')), nf, true); }
    const a2a = half.filter(r => r.op_name === 'alltoall');
    if (a2a.length && !own_a2a.length) { out.files.push(nf); add('all_to_all', 'bf16', coll(a2a), nf, true); }
  }
  if (own_a2a.length) {
    // TensorRT-LLM's own MoE all-to-all where measured (aiconfigurator's trtllm_alltoall table,
    // GB200 only at this commit), for the kernel TensorRT-LLM selects on an MNNVL (SM100) part
    // with its default MoE backends (CUTLASS, TRTLLM): NVLinkOneSided, a dispatch and a combine
    // (aic-core/rust/aiconfigurator-core/src/operators/moe_dispatch.rs, select_alltoall_kernel,
    // after TensorRT-LLM's select_alltoall_method_type). headroom counts the pair as two calls of
    // one message, each rank's tokens x top_k x hidden x 2 bytes (docs/serving.md): a point is
    // that message at the row's tokens a rank, its EP ranks, the mean of dispatch and combine.
    // The one-sided rows time NVFP4 dispatches only (aiconfigurator collects no other format),
    // so a dispatch of wider elements, bandwidth-bound at many tokens, reads short there.
    out.files.push(...own_a2a);
    const rows = (await read(own_a2a, ['op_name', 'kernel_source', 'moe_dtype', 'num_tokens', 'hidden_size', 'topk', 'num_experts', 'moe_ep_size', 'distribution', 'latency']))
      .filter(r => r.kernel_source === 'NVLinkOneSided' && r.distribution === 'balanced');
    const key = (r) => `${r.moe_dtype}/${r.num_tokens}/${r.hidden_size}/${r.topk}/${r.num_experts}/${r.moe_ep_size}`;
    const combine = new Map(rows.filter(r => r.op_name === 'alltoall_combine').map(r => [key(r), r]));
    const pts = rows.filter(r => r.op_name === 'alltoall_dispatch' && combine.has(key(r))).map(r => ({
      x: r.num_tokens * r.topk * r.hidden_size * 2, y: r.moe_ep_size,
      ratio: (r.latency + combine.get(key(r)).latency) / 2 * 1e3, row: { ...r, latency: (r.latency + combine.get(key(r)).latency) / 2 } }));
    add('all_to_all', 'bf16', pts, own_a2a, true);
  }
  return out;
}

const engines = ['vllm', 'sglang', 'trtllm'];

/// Kernel rows that do not time the kernel as the engine runs it in a serving step, and why. Their
/// grid is replaced by the same device's TensorRT-LLM rows of that class and format: CUDA-graph
/// replays of a Linear whose weights were prepared at load (collector/trtllm/collect_gemm.py:
/// post_load_weights; DeepGEMM on SM100, fp8_block_scaling_gemm on Hopper and Ada), which is how
/// every engine runs a block-scaled FP8 GEMM in a decode step.
// SM100 and SM103 (B200, GB200, B300, GB300): the family vLLM's is_device_capability_family(100) names.
const sm100 = (dev) => dev.sm >= 100 && dev.sm < 110;
const not_as_served = [
  // vLLM's block-scaled FP8 GEMMs are the one vLLM GEMM table timed without CUDA graphs
  // (collector/vllm/collect_gemm.py: `use_cuda_graph=gemm_type != "fp8_block"`): every row
  // carries the host's launch of the layer (one row of 2,048 x 2,048: 60.0 us on H100, 261.6 us on
  // B200), while vLLM replays its decode steps from CUDA graphs.
  { eng: 'vllm', cls: 'gemm', fmt: 'fp8_block', on: () => true, why: 'vLLM\'s own rows are timed without CUDA graphs' },
  // SGLang's collector hands DeepGEMM FP32 128 x 128 weight scales (collector/sglang/collect_gemm.py),
  // which DeepGEMM converts to packed UE8M0 on every call on SM100 (transform_sf_into_required_layout,
  // "(FP32, 128, 128) on SM100: transform to (INT, 1, 128)"): extra kernels in every row (one row of
  // 2,048 x 1,024: 12.07 us on B300 against 5.71 us on H200, where no conversion runs). SGLang
  // converts a checkpoint's scales once at load (requant_weight_ue8m0_inplace,
  // python/sglang/srt/layers/quantization/fp8_utils.py).
  { eng: 'sglang', cls: 'gemm', fmt: 'fp8_block', on: sm100, why: 'SGLang\'s own rows on SM100 convert the weight scales on every call' },
  // vLLM's MLA decode rows (the newest that time the attention core, 0.14.0 on Hopper) were timed
  // eagerly: `impl.forward` called from a Python loop, no CUDA graph (collector/vllm/collect_mla.py
  // @1c23b2c1b27a3fbfb9ddc1395ff93e7a6ac3a9f7, the file's last version). One sequence takes
  // 104-150 us at 2 to 4,096 tokens on H100, flat in the context: the host's launches, where vLLM
  // replays its decode steps, MLA attention included, from CUDA graphs.
  // Where vLLM timed no MLA core at all (Blackwell: only the module), the same rows stand in
  // (`missing`): its decode steps run an MLA kernel there too.
  { eng: 'vllm', cls: 'mla_decode', fmt: 'bf16', on: () => true, missing: true, why: 'vLLM\'s own MLA decode rows, where it has any, are timed eagerly, without CUDA graphs' },
  { eng: 'vllm', cls: 'mla_decode', fmt: 'fp8', on: () => true, missing: true, why: 'vLLM\'s own MLA decode rows, where it has any, are timed eagerly, without CUDA graphs' },
  // vLLM timed no MLA prefill core on SM100 either (its Blackwell rows time the whole module,
  // projections included; the older versions whose rows time the core ran on Hopper only), so a
  // prompt's MLA attention kept its ceiling there. vLLM prefills DeepSeek-shaped MLA on SM100 as
  // a causal FMHA of the up-projected heads (QK 192, V 128), FlashInfer's CUTLASS FMHA by default
  // (use_flashinfer_prefill, BatchPrefillWithRaggedKVCacheWrapper backend "cutlass":
  // vllm/model_executor/layers/attention/mla_attention.py @90b0a26e0e1a8ae3ba34e9e0ea514411f1a6a182),
  // the same attention TensorRT-LLM's context MLA rows time on the device: those rows stand in,
  // only where vLLM has no grid of its own (`only_missing`).
  { eng: 'vllm', cls: 'mla_prefill', fmt: 'bf16', on: sm100, missing: true, only_missing: true, why: 'vLLM timed no MLA prefill core on SM100 (only the whole module); its FlashInfer CUTLASS FMHA prefill runs the same attention' },
  { eng: 'vllm', cls: 'mla_prefill', fmt: 'fp8', on: sm100, missing: true, only_missing: true, why: 'vLLM timed no MLA prefill core on SM100 (only the whole module); its FlashInfer CUTLASS FMHA prefill runs the same attention' },
];

/// TensorRT-LLM serves MoE on SM100 with its TRTLLM-gen kernels (the TRTLLM backend, what its
/// model config's AUTO resolves to there and what InferenceX's DeepSeek-R1 recipes name), while
/// its own aiconfigurator rows time other kernels for two formats:
/// * block-scaled FP8: the AUTO backend resolves fp8_block to TRTLLM when is_sm_100f, CUTLASS
///   elsewhere (resolve_moe_backend, tensorrt_llm/_torch/model_config.py @1.3.0rc20, as
///   aiconfigurator's collector/trtllm/collect_moe.py records), but that collector times DeepGEMM
///   there (moe_backend "deepgemm" for fp8_block on SM100): 110-190 us for DeepSeek-V3's layer
///   at one token and EP 1, where the TRTLLM-gen kernel takes 36 us at TP 8. The same kernels,
///   packaged by FlashInfer (trtllm_fp8_block_scale_moe), are what SGLang's rows of kernel source
///   `sglang_flashinfer_trtllm_moe` time on the same device: those rows stand in.
/// * NVFP4: the collector times CUTLASS for every shape and TRTLLM-gen (its min-latency mode,
///   `moe_torch_flow_min_latency`, "trtllm gen") only for models of at most 256 experts; the
///   fastest row of a shape is TRTLLM-gen's where both exist, but a grid cell's median then
///   mixes in the CUTLASS rows of the shapes TRTLLM-gen was not timed on (DeepSeek-V3's layer at
///   one token, TP 4: 23.3 us TRTLLM-gen, 89.5 us CUTLASS). Its TRTLLM-gen rows alone make the
///   grid. (They leave the top-k sum to a later kernel, `do_finalize=False`: a read of top-k
///   rows of the hidden size, a few microseconds at a few tokens.) On SM103 (B300, GB300) the
///   collector timed no TRTLLM-gen rows at all, only CUTLASS (DeepSeek-V3's layer at one token,
///   TP 4: 64.8 us on B300, against 23.3 us for TRTLLM-gen on B200); there SGLang's rows of
///   `sglang_flashinfer_trtllm_moe` stand in, FlashInfer's packaging of the same TRTLLM-gen NVFP4
///   kernels (trtllm_fp4_block_scale_moe). Where both were timed (B200, GB200) they agree with
///   TensorRT-LLM's own rows within 10 % up to 256 tokens (21.0 against 23.3 us at one token, TP 4;
///   200.6 against 168.1 at 256) and are 25-45 % slower from 512 tokens, where TensorRT-LLM's
///   min-latency rows pick another tactic.
const trtllm_gen_moe = [
  { fmt: 'fp8_block', from: [{ engine: 'sglang', kernel: 'sglang_flashinfer_trtllm_moe' }],
    why: 'TensorRT-LLM runs block-scaled FP8 MoE on SM100 with its TRTLLM-gen kernels, which its own rows (DeepGEMM) do not time' },
  { fmt: 'fp4', from: [{ engine: 'trtllm', kernel: 'moe_torch_flow_min_latency' }, { engine: 'sglang', kernel: 'sglang_flashinfer_trtllm_moe' }],
    why: 'TensorRT-LLM runs NVFP4 MoE on SM100 with its TRTLLM-gen kernels; its CUTLASS rows are left out' },
];

/// Replaces TensorRT-LLM's moe_gemm grids that trtllm_gen_moe names on an SM100 device with the
/// ones the TRTLLM-gen kernel's rows give, where the named engine's table measured them there.
function trtllm_gen_stand_in(dev, measured) {
  const trt = measured.get('trtllm')?.p;
  if (!trt || !sm100(dev)) return;
  for (const rule of trtllm_gen_moe) {
    const i = trt.grids.findIndex(g => g.cls === 'moe_gemm' && g.fmt === rule.fmt);
    if (i < 0) continue;
    // The first source in the rule's order that timed the kernel on this device.
    for (const src of rule.from) {
      const from = measured.get(src.engine)?.p;
      if (!from?.moe_rows) continue;
      const rows = from.moe_rows.filter(r => r.kernel_source === src.kernel);
      const g = moe_grids(dev, rows, from.moe_files).find(x => x.fmt === rule.fmt);
      if (!g) continue;
      const files = [g.file].flat();
      const who = src.engine === 'trtllm' ? 'its' : 'SGLang\'s';
      trt.grids[i] = { ...g, stand_in: `${who} ${src.kernel} rows, from ${files.map(f => f.slice(DATA.length + 1)).join(' + ')}: ${rule.why}` };
      trt.files.push(...files);
      break;
    }
  }
}

/// Replaces the grids of `p` (engine `eng` on `dev`) that not_as_served names with `by`'s (the
/// same device's TensorRT-LLM points), or adds them where a `missing` rule's grid is absent,
/// noting it on the grid and adding the file read.
function stand_in(id, dev, eng, p, by) {
  for (const rule of not_as_served.filter(r => r.eng === eng && r.on(dev))) {
    const i = p.grids.findIndex(g => g.cls === rule.cls && g.fmt === rule.fmt);
    if (i < 0 && !rule.missing) continue;
    if (i >= 0 && rule.only_missing) continue;
    const sub = by?.grids.find(g => g.cls === rule.cls && g.fmt === rule.fmt);
    if (!sub) {
      if (i < 0) continue;  // neither measured it
      throw new Error(`${id} ${eng}: ${rule.cls} ${rule.fmt} needs TensorRT-LLM's rows, which ${id} lacks`);
    }
    const files = [sub.file].flat();
    const grid = { ...sub, stand_in: `TensorRT-LLM's, from ${files.map(f => f.slice(DATA.length + 1)).join(' + ')}: ${rule.why}` };
    if (i < 0) p.grids.push(grid); else p.grids[i] = grid;
    p.files.push(...files);
  }
}

const report = [];
const same_grid = (a, b) => JSON.stringify([a.nx, a.ny, a.xs, a.ys, a.values]) === JSON.stringify([b.nx, b.ny, b.xs, b.ys, b.values]);
for (const [id, dev] of Object.entries(devices)) {
  const nccl = new Map();  // class -> the grid every engine table of this device points at
  const measured = new Map();  // engine -> { v, p }: every engine's points before any is written
  for (const eng of engines) {
    const vs = versions(dev.aic, 'gemm', eng);
    if (!vs.length) continue;
    const v = vs[vs.length - 1];
    measured.set(eng, { v, p: await points(dev, dev.aic, eng, v) });
  }
  const trt = measured.get('trtllm')?.p;
  trtllm_gen_stand_in(dev, measured);
  const own = trt && { grids: [...trt.grids] };  // TensorRT-LLM's points, before the others' stand-ins
  const tables = [];
  for (const [eng, { v, p }] of measured) {
    stand_in(id, dev, eng, p, own);
    // A dense GEMM's y (weight elements) spans 2^10 to 2^32 where its ratio falls steeply (a
    // launch's fixed time over a growing ceiling): on 8 points a cell was 16x wide and the
    // lookup, linear between cells, read the rows of M <= 16 at 1.07-1.69x their measured time
    // (the median of a table's format: H100, H200 and B200 under the three engines), on a 2x
    // axis (up to 24 points) at 0.96-1.05x, the median error 14-69 % down to 4-23 %
    // (docs/calibration.md, "How a grid reads its own rows"). aiter's sparser tuned shapes
    // (aiter.mjs) keep 8: a finer axis there only leaves more cells to fill. An MLA decode
    // grid's y (context) takes the same bound: the collectors time 17 contexts from 2 to
    // 131,072 tokens, each its own point then, where on 8x steps the rows at 1,024, 2,048, 8,192
    // and 16,384 tokens stood for no cell (docs/calibration.md, "How a grid reads its own rows").
    const grids = p.grids.map(g => reduce(g, g.cls === 'gemm' || g.cls === 'mla_decode' || g.cls === 'prefill_attention' ? MAX_Y_GEMM : undefined));
    // A kernel class's floor: the fastest kernel of the class the table measured, any format
    // and shape (a launch of that class has never been seen to take less). A grid's own fastest
    // row can be a large shape (one format measured on one big model only), so the floor is the
    // class's, not the grid's.
    for (const g of grids.filter(g => !g.absolute)) {
      g.floor_us = Math.min(...grids.filter(o => o.cls === g.cls && !o.absolute).map(o => o.min_us));
    }
    for (const g of grids.filter(is_nccl)) {
      const seen = nccl.get(g.cls);
      if (seen && !same_grid(seen, g)) throw new Error(`${id}: the NCCL ${g.cls} grid differs between engine tables`);
      nccl.set(g.cls, g);
    }
    tables.push({ eng, v, p, grids });
  }
  // A stand-in grid is TensorRT-LLM's own: its table points at TensorRT-LLM's arrays (the same
  // rows reduce to the same grid) rather than repeating them.
  const trt_grids = tables.find(t => t.eng === 'trtllm')?.grids ?? [];
  for (const { eng, v, p, grids } of tables) {
    for (const g of grids.filter(g => g.stand_in && eng !== 'trtllm')) {  // TensorRT-LLM's own: its arrays
      const i = trt_grids.findIndex(o => o.cls === g.cls && o.fmt === g.fmt);
      if (i < 0 || !same_grid(trt_grids[i], g)) throw new Error(`${id} ${eng}: the ${g.cls} ${g.fmt} stand-in is not TensorRT-LLM's grid`);
      g.ref = { table: `${id}_trtllm`, index: i };
    }
    // And an engine's own grid that TensorRT-LLM's table took as its stand-in (trtllm_gen_moe:
    // the same rows reduce to the same grid) is written once, in TensorRT-LLM's table.
    for (const g of grids.filter(g => !g.stand_in && !is_nccl(g) && eng !== 'trtllm')) {
      const i = trt_grids.findIndex(o => o.cls === g.cls && o.fmt === g.fmt && o.stand_in && same_grid(o, g));
      if (i < 0) continue;
      g.ref = { table: `${id}_trtllm`, index: i };
      g.stand_in = 'its own rows, which TensorRT-LLM\'s table also reads';
    }
    const files = [...new Set(p.files)].map(f => f.slice(DATA.length + 1));
    write_outputs(root, { device: id, engine: eng, version: v, commit, files, dev, grids });
    for (const g of grids) report.push(`${id} ${eng} ${v} ${g.cls} ${g.fmt}: ${g.nx}x${g.ny} from ${g.n_points} rows; ${g.note}` + (g.absolute ? '' : `; floor ${g.floor_us} us`) + `; ${g.fit}`);
  }
  if (nccl.size) {
    const gs = [...nccl.values()];
    write_collectives(root, id, commit, String(gs[0].file).slice(DATA.length + 1), gs);
  }
}
fs.writeFileSync(path.join(root, 'tools/calibrate/last_run.txt'), `aiconfigurator ${commit}\n${report.join('\n')}\n`);
console.log(report.join('\n'));
