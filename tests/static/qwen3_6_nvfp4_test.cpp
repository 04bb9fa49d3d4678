// SPDX-License-Identifier: MIT
// nvidia/Qwen3.6-35B-A3B-NVFP4 (qwen3_6_moe, NVIDIA's mixed ModelOpt recipe) by hand: its stored
// bytes term by term, its FP8 KV per token, and the formats the recipe gives its nodes.
// Shapes as tests/static/qwen3_6_test.cpp (transformers' modeling_qwen3_5_moe.py): hidden 2048,
// 40 layers (30 Gated DeltaNet, 10 attention), 16 query / 2 KV heads of 256, linear heads 16 key /
// 32 value of 128 (key_dim 2048, value_dim 4096, conv_dim 8192), 256 experts (8 per token) and a
// shared expert of intermediate 512, vocab 248320, untied, one MTP layer, the vision tower.
// Recipe: NVIDIA/Model-Optimizer modelopt_recipes/huggingface/qwen3_5/ptq/
// w4a16_nvfp4-fp8_attn-kv_fp8_cast.quant_cfg.yaml @c75cc0cac682.
#include <headroom/devices.hpp>
#include <headroom/engines.hpp>
#include <headroom/headroom.hpp>
#include <headroom/models/checkpoints/qwen/qwen3_6_35b_a3b_nvfp4.hpp>

#include <cstdint>
#include <string_view>

namespace headroom_static_qwen3_6_nvfp4_test {

namespace {
using namespace headroom;
using u64 = std::uint64_t;
constexpr const model& q = models::qwen3_6_35b_a3b_nvfp4;
constexpr auto fp = footprint(q, {.kv = kv_dtype::fp8});

// ModelOpt's export, per quantized [n, k] weight: NVFP4 W4A16 stores u8 E2M1 pairs, one E4M3
// weight_scale per 16, an F32 weight_scale_2 and an F32 input_scale; FP8 per tensor stores the
// E4M3 weight, an F32 weight_scale and an F32 input_scale.
constexpr u64 nv(u64 n, u64 k) { return n * k / 2 + n * k / 16 + 4 + 4; }
constexpr u64 fp8(u64 n, u64 k) { return n * k + 4 + 4; }
constexpr u64 bf(u64 n, u64 k) { return n * k * 2; }

// Small BF16 parameters per block: GDN input norm 2048 + conv 8192 x 4 + A_log 32 + dt_bias 32
// + gated norm 128; attention input norm 2048 + q_norm + k_norm 256 each.
constexpr u64 gdn_aux = 2048 + 8192 * 4 + 32 + 32 + 128;
constexpr u64 attn_aux = 2048 + 256 + 256;
// GDN: in_proj_qkv [8192, 2048], in_proj_z [4096, 2048], out_proj [2048, 4096] FP8;
// in_proj_b / in_proj_a [32, 2048] BF16.
constexpr u64 gdn = fp8(8192, 2048) + fp8(4096, 2048) + fp8(2048, 4096) + 2 * bf(32, 2048) + 2 * gdn_aux;
static_assert(gdn == 33'886'616);
// Attention: q_proj [8192, 2048] (query and gate), k_proj / v_proj [512, 2048], o_proj
// [2048, 4096] FP8.
constexpr u64 attn = fp8(8192, 2048) + 2 * fp8(512, 2048) + fp8(2048, 4096) + 2 * attn_aux;
static_assert(attn == 27'268'128);
// MoE: router [256, 2048] BF16; 256 routed experts and the shared expert, each gate_proj /
// up_proj [512, 2048] and down_proj [2048, 512] NVFP4; shared_expert_gate [1, 2048] BF16;
// post-attention norm [2048].
constexpr u64 expert = 2 * nv(512, 2048) + nv(2048, 512);
static_assert(expert == 3 * (524'288 + 65'536 + 8));
constexpr u64 moe = bf(256, 2048) + 256 * expert + expert + bf(1, 2048) + 2048 * 2;
static_assert(moe == 455'817'240);
// embed_tokens [248320, 2048] BF16, final norm, lm_head [248320, 2048] NVFP4.
constexpr u64 embed = bf(248320, 2048);
constexpr u64 head = nv(248320, 2048);
static_assert(head == 254'279'680 + 31'784'960 + 8);
constexpr u64 main_bytes = embed + 30 * gdn + 10 * attn + 40 * moe + 2048 * 2 + head;
static_assert(main_bytes == 20'825'156'824);
// MTP, all BF16: fc [2048, 4096], pre_fc_norm_embedding / pre_fc_norm_hidden / norm, one
// attention layer and its MoE (its experts stored fused, [256, 1024, 2048] and [256, 2048, 512]:
// the same bytes); it reads the main embed_tokens and lm_head.
constexpr u64 mtp_attn = bf(8192, 2048) + 2 * bf(512, 2048) + bf(2048, 4096) + 2 * attn_aux;
constexpr u64 mtp_moe = bf(256, 2048) + 257 * (2 * bf(512, 2048) + bf(2048, 512)) + bf(1, 2048) + 2048 * 2;
constexpr u64 mtp = bf(2048, 4096) + 3 * 2048 * 2 + mtp_attn + mtp_moe;
static_assert(mtp == 1'689'281'536);
// Vision tower (model.visual.*, BF16): Qwen3.5-35B-A3B's 446,571,248 parameters.
constexpr u64 vision = 2 * 446'571'248ULL;

static_assert(fp.weights == main_bytes + mtp + vision);
static_assert(fp.weights == 23'407'580'856);
static_assert(fp.draft_weights == mtp && fp.runtime_weights == 0 && fp.vision_weights == vision);
static_assert(fp.loaded_weights == fp.weights - mtp);

// The repository's three safetensors files hold 23,424,338,320 B. The hand sum is 16,757,464 B
// (0.07 %) less: the files' JSON headers, one entry per tensor (name, dtype, shape, offsets) for
// the index's 124,468 tensors, about 135 B each. No total_size was found to compare exactly.
static_assert(fp.weights < 23'424'338'320ULL);
static_assert(23'424'338'320ULL - fp.weights == 16'757'464);

// The index's tensor counts fix the scalars: 124,112 language-model tensors are 30 GDN layers
// of 2 norms + 15 linear_attn tensors (in_proj_qkv, in_proj_z, out_proj 3 each; in_proj_a,
// in_proj_b, conv1d, A_log, dt_bias, norm), 10 attention layers of 2 norms + 14 (q/k/v/o 3 each,
// q_norm, k_norm; no k_scale / v_scale), every layer's MoE of router, 257 x 3 x 4 NVFP4 tensors
// and shared_expert_gate, plus embed_tokens and norm; lm_head is 4 tensors.
constexpr u64 moe_tensors = 1 + 257 * 3 * 4 + 1;
static_assert(30 * (2 + 15 + moe_tensors) + 10 * (2 + 14 + moe_tensors) + 2 == 124'112);

// KV per token with the FP8 KV cache: 10 attention layers x 2 x 2 KV heads x 256 x 1 B; with
// the draft held, its attention layer too.
static_assert(fp.kv_per_token == 10 * 2 * 2 * 256 * 1);
static_assert(footprint(q, {.kv = kv_dtype::fp8, .speculative = true}).kv_per_token == 11 * 2 * 2 * 256 * 1);
static_assert(fp.state_per_seq == 30ULL * 32 * 128 * 128 * 4);

// hf_quant_config.json's quantized_layers: 161 W4A16_NVFP4 entries (per layer mlp.experts, one
// entry for every routed expert, and shared_expert gate_proj / up_proj / down_proj; lm_head)
// and 130 FP8 (q/k/v/o in 10 layers, in_proj_qkv / in_proj_z / out_proj in 30). Counted here per
// stored weight tensor, the routed experts once per layer, over the main section.
struct entries {
  u64 w4a16 = 0, w8a8 = 0, bf16 = 0, other = 0;
};
constexpr entries count_entries(section sec) {
  entries c{};
  for_each_node(q, sec, [&](const node& n, const instance& in, const block&) {
    if (!reads_linear_weight(n.kind) || !n.stores_weight || n.kind == op::expert_down) return;
    const resolved_formats f = formats_of(q, n, in);
    const u64 t = n.kind == op::expert_gate_up ? 1 : n.weight_tensors;
    if (f.weight == formats::nvfp4_g16 && f.activation == formats::bf16 && f.extra_scalars == 1) c.w4a16 += t;
    else if (f.weight == formats::fp8_tensor && f.activation == formats::fp8_tensor && f.extra_scalars == 1) c.w8a8 += t;
    else if (f.weight == formats::bf16 && f.activation == formats::bf16 && f.extra_scalars == 0) c.bf16 += t;
    else c.other += t;
  });
  return c;
}
constexpr entries main_entries = count_entries(section::main);
static_assert(main_entries.w4a16 == 161 && main_entries.w8a8 == 130 && main_entries.other == 0);
// BF16 in the main section: in_proj_b / in_proj_a in 30 layers, router and shared_expert_gate in 40.
static_assert(main_entries.bf16 == 30 * 2 + 40 * 2);
constexpr entries draft_entries = count_entries(section::draft);
static_assert(draft_entries.w4a16 == 0 && draft_entries.w8a8 == 0 && draft_entries.other == 0);

// A few nodes: the routed experts and lm_head are NVFP4 weights under BF16 activations (W4A16),
// so on Hopper vLLM runs them weight-only on the BF16 MMA (Marlin), never on the FP8 MMA; the
// attention and GDN projections are FP8 W8A8 on Hopper's FP8 MMA; the draft's attention BF16 and
// its lm_head the main NVFP4 one.
constexpr resolved_formats formats_at(section sec, std::string_view blk, std::string_view local) {
  resolved_formats r{};
  bool found = false;
  for_each_node(q, sec, [&](const node& n, const instance& in, const block& b) {
    if (found || b.name != blk || n.local != local) return;
    r = formats_of(q, n, in);
    found = true;
  });
  return found ? r : resolved_formats{formats::i32, formats::i32, 255};
}
constexpr resolved_formats w4a16{formats::nvfp4_g16, formats::bf16, 1};
constexpr resolved_formats w8a8{formats::fp8_tensor, formats::fp8_tensor, 1};
constexpr resolved_formats bf16{formats::bf16, formats::bf16, 0};
static_assert(formats_at(section::main, "moe", "gate_up") == w4a16 && formats_at(section::main, "moe", "down") == w4a16);
static_assert(formats_at(section::main, "moe", "shared_down") == w4a16);
static_assert(formats_at(section::main, "moe", "router") == bf16 && formats_at(section::main, "moe", "shared_gate") == bf16);
static_assert(formats_at(section::main, "head", "lm_head") == w4a16);
static_assert(formats_at(section::main, "attn", "k") == w8a8 && formats_at(section::main, "gdn", "qkvz") == w8a8);
static_assert(formats_at(section::main, "gdn", "ba") == bf16);
static_assert(formats_at(section::draft, "moe", "gate_up") == bf16 && formats_at(section::draft, "attn", "q") == bf16);
static_assert(formats_at(section::draft, "mtp_out", "lm_head") == w4a16);

constexpr const exec_facts& vllm = engines::exec_facts_of(engine_kind::vllm);
constexpr exec expert_on_h200 = exec_of(devices::h200_sxm, formats::nvfp4_g16, formats::bf16, vllm);
static_assert(expert_on_h200.kind == mma_kind::bf16 && expert_on_h200.path != exec_path::exact_fp8_emulation);
static_assert(peak_of(expert_on_h200, default_roofline(devices::h200_sxm).r) == default_roofline(devices::h200_sxm).r.bf16_tflops);
static_assert(exec_of(devices::h200_sxm, formats::fp8_tensor, formats::fp8_tensor, vllm) == exec{exec_path::native, mma_kind::fp8});
}  // namespace
}  // namespace headroom_static_qwen3_6_nvfp4_test
