// SPDX-License-Identifier: MIT
// headroom's roofline ceiling for each measured kernel, mirroring include/headroom/node_cost.hpp
// term by term on the datasheet constants of devices/include/headroom/devices/*.hpp:
//   time_us = max(bytes / (bandwidth_gbps * 1e3), flops / (peak_tflops * 1e6)).
// Byte sizes follow include/headroom/tensor_format.hpp (bytes()).

/// Datasheet constants copied from headroom's device tables (decimal GB/s, dense TFLOP/s), and
/// each device's CUDA compute capability (`sm`, major x 10 + minor; nvidia_*.hpp `arch`).
export const devices = {
  // devices/include/headroom/devices/nvidia_hopper.hpp, h100_sxm (sources S1, S3, S4, S26)
  h100_sxm: { aic: 'h100_sxm', sm: 90, bw: 3350, bf16: 989.5, fp8: 1979, fp4: 0, src: 'nvidia_hopper.hpp h100_sxm (S1, S3, S4, S26)' },
  // nvidia_hopper.hpp, h200_sxm: h100_sxm's peaks, 4,800 GB/s (sources S2, S4, S26)
  h200_sxm: { aic: 'h200_sxm', sm: 90, bw: 4800, bf16: 989.5, fp8: 1979, fp4: 0, src: 'nvidia_hopper.hpp h200_sxm (S2, S4, S26)' },
  // devices/include/headroom/devices/nvidia_blackwell.hpp, b200 (sources S5, S9, S11, S12, S17, S27)
  b200: { aic: 'b200_sxm', sm: 100, bw: 7700, bf16: 2250, fp8: 4500, fp4: 9000, src: 'nvidia_blackwell.hpp b200 (S5, S9, S11, S12, S17, S27)' },
  // nvidia_blackwell.hpp, b300 (S6, S8, S9, S11, S12, S50)
  b300: { aic: 'b300_sxm', sm: 103, bw: 7700, bf16: 2250, fp8: 4500, fp4: 14000, src: 'nvidia_blackwell.hpp b300 (S6, S8, S9, S11, S12, S50)' },
  // nvidia_blackwell.hpp, gb200 (S5, S9, S11, S12, S17, S51)
  gb200: { aic: 'gb200', sm: 100, bw: 8000, bf16: 2500, fp8: 5000, fp4: 10000, src: 'nvidia_blackwell.hpp gb200 (S5, S9, S11, S12, S17, S51)' },
  // nvidia_blackwell.hpp, gb300 (S6, S8, S9, S11, S12, S52)
  gb300: { aic: 'gb300', sm: 103, bw: 8000, bf16: 2500, fp8: 5000, fp4: 15000, src: 'nvidia_blackwell.hpp gb300 (S6, S8, S9, S11, S12, S52)' },
  // devices/include/headroom/devices/nvidia_ampere.hpp, a100_sxm_80gb (S10, S11, S36, S37, S38):
  // aiconfigurator's a100_sxm.yaml is the 80 GB part (mem_capacity 80 GiB, mem_bw 2.039 TB/s). No FP8.
  a100_sxm_80gb: { aic: 'a100_sxm', sm: 80, bw: 2039, bf16: 312, fp8: 0, fp4: 0, src: 'nvidia_ampere.hpp a100_sxm_80gb (S10, S11, S36, S37, S38)' },
  // devices/include/headroom/devices/nvidia_ada.hpp, l40s (S10, S11, S41, S63, S64)
  l40s: { aic: 'l40s', sm: 89, bw: 864, bf16: 362.05, fp8: 733, fp4: 0, src: 'nvidia_ada.hpp l40s (S10, S11, S41, S63, S64)' },
  // nvidia_blackwell.hpp, rtx_pro_6000_server (S10, S11, S55, S56, S57)
  // devices/include/headroom/devices/intel_arc.hpp, arc_pro_b60 (S128): BF16 only, no FP8 MMA.
  arc_pro_b60: { aic: 'b60', sm: 0, bw: 456, bf16: 98.3, fp8: 0, fp4: 0, src: 'intel_arc.hpp arc_pro_b60 (S128)' },
  rtx_pro_6000_server: { aic: 'rtx_pro_6000_server', sm: 120, bw: 1597, bf16: 500, fp8: 1000, fp4: 2000, src: 'nvidia_blackwell.hpp rtx_pro_6000_server (S10, S11, S55, S56, S57)' },
};

/// AMD Instinct parts whose kernels ROCm's aiter measured (aiter.mjs): aiter keys its tuned
/// tables by architecture (`gfx`) and compute-unit count (`cu`). MI300X and MI325X are the same
/// gfx942 compute with 304 CUs (amd_cdna.hpp: mi325x is mi300x with more, faster memory), so one
/// set of rows serves both, each read against its own bandwidth.
export const amd_devices = {
  // devices/include/headroom/devices/amd_cdna.hpp, mi300x (S75, S76)
  mi300x: { gfx: 'gfx942', cu: 304, bw: 5300, bf16: 1307.4, fp8: 2614.9, fp4: 0, src: 'amd_cdna.hpp mi300x (S75, S76)' },
  // amd_cdna.hpp, mi325x: mi300x's compute, 6,000 GB/s (S76, S77, S78)
  mi325x: { gfx: 'gfx942', cu: 304, bw: 6000, bf16: 1307.4, fp8: 2614.9, fp4: 0, src: 'amd_cdna.hpp mi325x (S76, S77, S78)' },
  // amd_cdna.hpp, mi355x (S76, S77, S79, S80); its MXFP4 peak has no calib_format here (aiter.mjs)
  mi355x: { gfx: 'gfx950', cu: 256, bw: 8000, bf16: 2516.6, fp8: 5033, fp4: 0, src: 'amd_cdna.hpp mi355x (S76, S77, S79, S80)' },
};

const ceil_div = (a, b) => Math.ceil(a / b);

/// The context a prefill's attention is charged over: detail::prefill_run (step_sum.hpp) runs a
/// prompt of T tokens with every row attending over max(1, floor(T / 2)) tokens, the causal mean.
export const causal_half = (t) => Math.max(1, Math.floor(t / 2));

/// Stored bytes of a weight [n (out), k (in)] (tensor_format.hpp): bf16 2E; fp8/tensor E + 4;
/// fp8/block128x128 E + 4*ceil(n/128)*ceil(k/128); nvfp4/g16 E/2 + E/16 + 4 (one F32 global);
/// int4/g128 n*k/2 + 2*n*(k/128) + 16; mxfp4/g32 E/2 + E/32 (one E8M0 byte per 32), on any kernel.
export function weight_bytes(fmt, n, k) {
  const e = n * k;
  switch (fmt) {
    case 'bf16': return 2 * e;
    case 'fp8': return e + 4;
    case 'fp8_block': return e + 4 * ceil_div(n, 128) * ceil_div(k, 128);
    case 'fp4': return e / 2 + e / 16 + 4;
    case 'int4_weight_only': return e / 2 + 2 * n * ceil_div(k, 128) + 16;
    case 'mxfp4_weight_only':
    case 'mxfp4_marlin': return e / 2 + e / 32;
  }
  throw new Error(`no weight format ${fmt}`);
}

/// Stored bytes of an activation of `rows` x `d` in the node's activation format:
/// fp8/tensor E + 4; fp8/g128 (block-scaled GEMMs' per-token groups) E + 4*rows*(d/128);
/// nvfp4/g16 E/2 + E/16 + 4*rows (one F32 global per row).
export function act_bytes(fmt, rows, d) {
  const e = rows * d;
  switch (fmt) {
    case 'bf16': return 2 * e;
    case 'fp8': return e + 4;
    case 'fp8_block': return e + 4 * rows * ceil_div(d, 128);
    case 'fp4': return e / 2 + e / 16 + 4 * rows;
  }
  throw new Error(`no activation format ${fmt}`);
}

const weight_only = (fmt) => fmt === 'int4_weight_only' || fmt === 'mxfp4_weight_only' || fmt === 'mxfp4_marlin';

/// The peak a weight node runs at: peak_of(exec, roofline) in roofline.hpp. A weight-only path
/// runs at the BF16 peak.
export function peak(dev, fmt) {
  if (fmt === 'fp8' || fmt === 'fp8_block') return dev.fp8;
  if (fmt === 'fp4') return dev.fp4;
  return dev.bf16;
}

/// Bytes of a weight node's first input edge (BF16 in the model) under node_cost: read as it is
/// on a weight-only path or when the activation is BF16; otherwise the act_quant in front reads
/// the edge and writes the quantized copy the MMA reads (2x the quantized bytes).
function input_bytes(fmt, rows, d) {
  const edge = 2 * rows * d;
  if (fmt === 'bf16' || weight_only(fmt)) return edge;
  return edge + 2 * act_bytes(fmt, rows, d);
}

const time_us = (dev, bytes, flops, pk) => Math.max(bytes / (dev.bw * 1e3), flops / (pk * 1e6));

/// node_cost, cost_class::linear: input edge [m, k] + weight [n, k] + output edge [m, n] (BF16),
/// 2*m*n*k FLOPs at the format's peak.
export function gemm_us(dev, fmt, m, n, k) {
  const bytes = input_bytes(fmt, m, k) + weight_bytes(fmt, n, k) + 2 * m * n;
  return time_us(dev, bytes, 2 * m * n * k, peak(dev, fmt));
}

/// distinct_experts() in node_cost.hpp: E * (1 - (1 - K/E)^t), exactly K at t = 1.
export function distinct_experts(e, k, t) {
  if (t === 1) return k;
  return e * (1 - Math.pow(1 - k / e, t));
}

/// The distinct experts t tokens reach under aiconfigurator's `balanced` router logits
/// (collector/helper.py @095f58a5, balanced_logits: stride = ceil(E / K); token i's K "hot"
/// experts are (i + k * stride) % E from stride tokens on, (i * stride / t + k * stride) % E
/// truncated below; the logits are softmax(one_hot counts)), picked the way the collector's
/// router picks them, ties to the lower index. `groups` = 1: plain top-K, the hot experts
/// (min(E, t K) but for the few shapes whose picks collide). `groups` > 1: DeepSeek-V3's
/// group-limited router (sigmoid scores; a group scores the sum of its two best; the
/// `topk_groups` best groups kept; top-K among their experts): the balanced logits give every
/// group the same score, so every token keeps the same groups, their hot experts and the
/// lowest-indexed others (convert.mjs, group_limited, says what that does to those rows).
const balanced_memo = new Map();
export function balanced_experts(e, k, t, groups = 1, topk_groups = 1) {
  const stride = Math.ceil(e / k);
  const size = e / groups;
  if (!Number.isInteger(size) || topk_groups > groups) throw new Error(`balanced_experts: ${e} experts in ${groups} groups`);
  // From stride tokens on, token i's picks depend on i mod E only: E tokens reach them all.
  const n = t >= stride ? Math.min(t, e) : t;
  const key = `${e}/${k}/${n}/${t >= stride}/${groups}/${topk_groups}`;
  if (balanced_memo.has(key)) return balanced_memo.get(key);
  const seen = new Set();
  for (let i = 0; i < n; ++i) {
    const count = new Array(e).fill(0);
    for (let j = 0; j < k; ++j) {
      const h = t >= stride ? (i + j * stride) % e : Math.trunc((i * stride / t + j * stride) % e);
      ++count[h];
    }
    // softmax over the counts, then sigmoid: increasing in the count.
    const z = count.reduce((a, c) => a + Math.exp(c), 0);
    const score = count.map(c => 1 / (1 + Math.exp(-Math.exp(c) / z)));
    // Ties to the lower index: a stable sort on descending value.
    const top = (idx, val, n) => idx.slice().sort((a, b) => val(b) - val(a) || a - b).slice(0, n);
    let allowed = [...Array(e).keys()];
    if (groups > 1) {
      const gscore = (g) => { const s = score.slice(g * size, (g + 1) * size).sort((a, b) => b - a); return s[0] + (s[1] ?? 0); };
      const kept = new Set(top([...Array(groups).keys()], gscore, topk_groups));
      allowed = allowed.filter(x => kept.has(Math.floor(x / size)));
    }
    for (const x of top(allowed, x => score[x], k)) seen.add(x);
  }
  balanced_memo.set(key, seen.size);
  return seen.size;
}

/// node_cost, cost_class::routed_experts, for the two nodes of models/.../blocks/moe.hpp:
///   gate_up: in [t*K, h] (+ act_quant) and the i32 routing [t, K]; out [t*K, 2*inter];
///            distinct x weight [2*inter, h]; 2*t*K*h*2*inter FLOPs;
///   down:    in [t*K, inter] (+ act_quant); out [t*K, h]; distinct x weight [h, inter];
///            2*t*K*inter*h FLOPs.
/// The MoE class is their sum (one fused kernel measured). `routing` is how the measured rows
/// picked experts, so that a row's ratio is its kernel's time over the bytes that row moved:
/// 'uniform' (each token's top-K drawn at random: aiter's tuner, and headroom's own ceiling)
/// touches distinct_experts(); 'balanced' (aiconfigurator's collector/helper.py,
/// balanced_logits, plain top-K) touches balanced_experts(). An ungated expert (`gated` false:
/// Nemotron-3's up, relu2, down; models/.../blocks/moe_relu2.hpp) has one matrix where gate_up
/// has two.
export function moe_us(dev, fmt, t, h, inter, topk, experts, routing = 'uniform', gated = true) {
  if (routing !== 'uniform' && routing !== 'balanced') throw new Error(`moe_us: routing '${routing}'`);
  const d = routing === 'balanced' ? balanced_experts(experts, topk, t) : distinct_experts(experts, topk, t);
  const rk = t * topk;
  const pk = peak(dev, fmt);
  const up = (gated ? 2 : 1) * inter;
  const gu_bytes = input_bytes(fmt, rk, h) + 4 * t * topk + 2 * rk * up + d * weight_bytes(fmt, up, h);
  const dn_bytes = input_bytes(fmt, rk, inter) + 2 * rk * h + d * weight_bytes(fmt, h, inter);
  return time_us(dev, gu_bytes, 2 * rk * h * up, pk) + time_us(dev, dn_bytes, 2 * rk * inter * h, pk);
}

/// The peak attention is bounded by (attention_peak, node_cost.hpp): the FP8 peak over an FP8
/// KV cache (one byte an element: the kernels may multiply in FP8), where the device has one
/// above its BF16 peak; the BF16 peak otherwise.
export const attention_peak = (dev, kv_fmt) => (kv_fmt === 'fp8' && dev.fp8 > dev.bf16 ? dev.fp8 : dev.bf16);

/// node_cost, cost_class::attention, one rank's heads: in q [rows, heads*d], out [rows, heads*d]
/// (BF16), KV read seqs * context * (2 * kv_heads * d * kv element bytes); FLOPs
/// 2 * rows * context * (q width + out width) at attention_peak. Decode: rows = seqs = batch,
/// context = KV tokens; prefill: rows = batch * isl, seqs = batch, context = causal_half(isl).
export function attention_us(dev, kv_fmt, rows, seqs, context, heads, kv_heads, d) {
  const kv_elem = kv_fmt === 'fp8' ? 1 : 2;
  const w = heads * d;
  const bytes = 2 * rows * w + 2 * rows * w + seqs * context * 2 * kv_heads * d * kv_elem;
  return time_us(dev, bytes, 2 * rows * context * (w + w), attention_peak(dev, kv_fmt));
}

/// node_cost, cost_class::latent_attention without the kv_b_proj GEMM of the prompt's own rows
/// (the measured kernels are the attention core): reads seqs * context latent rows of
/// (kv_lora + rope) elements; in q [rows, heads*(kv_lora + rope)], out [rows, heads*kv_lora]
/// (BF16); FLOPs at attention_peak in the cheaper of MLA's two forms, as node_cost takes them:
/// absorbed, 2 * rows * context * heads * (key + kv_lora) with key = kv_lora + rope; expanded,
/// 2 * rows * context * heads * (nope_v + rope) (nope_v = qk_nope + v head dims, DeepSeek-V3's
/// 128 + 128) plus the up-projection of the context rows beyond the prompt's own,
/// 2 * max(0, seqs * context - rows) * kv_lora * heads * nope_v. A prompt's (context = its
/// causal half) reads expanded; a decode step's absorbed.
export function mla_us(dev, kv_fmt, rows, seqs, context, heads, kv_lora = 512, rope = 64, nope_v = 256) {
  const kv_elem = kv_fmt === 'fp8' ? 1 : 2;
  const key = kv_lora + rope;
  const bytes = 2 * rows * heads * key + 2 * rows * heads * kv_lora + seqs * context * key * kv_elem;
  const scored = 2 * rows * context * heads;
  const absorbed = scored * (key + kv_lora);
  const beyond = Math.max(0, seqs * context - rows);
  const expanded = scored * (nope_v + rope) + 2 * beyond * kv_lora * heads * nope_v;
  return time_us(dev, bytes, Math.min(absorbed, expanded), attention_peak(dev, kv_fmt));
}
