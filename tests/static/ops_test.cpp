// SPDX-License-Identifier: MIT
// The op vocabulary and its cost classes (include/headroom/cost_class.hpp, docs/model.md#ops):
// one node of each class costed at 1 and 16 rows on a toy device, every number worked by hand
// below from the node's edges, weight and states.
#include <headroom/headroom.hpp>

#include <array>
#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <string_view>

namespace headroom_static_ops_test {

namespace {
using namespace headroom;

// A toy device: 1000 GB/s, BF16 100 TFLOPS, FP8 200, NVFP4 400 (BF16 and FP8 MMAs).
constexpr device toy{.id = "toy",
                     .name = "toy device",
                     .vendor = "test",
                     .arch = "test",
                     .memory_marketed = "1 GiB",
                     .memory_bytes = gib,
                     .memory_basis = "test",
                     .bandwidth_gbps = 1000,
                     .peak = {.bf16 = 100, .fp8 = 200},
                     .native = bit(mma_kind::bf16) | bit(mma_kind::fp8),
                     .sources = "test",
                     .derived = ""};
constexpr roofline toy_r{1000, 100, 200, 400};

// A block declaring just `states`, in order: the states a costed node reads by index.
constexpr block block_of(std::initializer_list<state_decl> states) {
  block b{};
  for (const state_decl& s : states) b.states[b.n_states++] = s;
  return b;
}
// The states the latent, indexer and recurrent examples below read (and every_op declares).
constexpr state_decl latent_state{.local = "latent", .elements = 40};
constexpr state_decl index_state{.local = "index", .dtype = dtype_key::fixed_bf16, .elements = 4};
constexpr state_decl h_state{.local = "h", .kind = state_kind::recurrent, .dtype = dtype_key::ssm_h, .elements = 32};

constexpr cost at(const node& n, std::uint64_t rows, const block& b = {}, std::uint64_t context = 100,
                  resolved_formats f = {}) {
  return node_cost(n, b, f, {.rows = rows, .seqs = rows, .context = context}, toy, toy_r);
}

// ---- every op has a name and a cost class ----------------------------------------------
constexpr bool every_op_named_and_classed() {
  std::array<std::string_view, all_ops.size()> names{};
  for (std::size_t i = 0; i < all_ops.size(); ++i) names[i] = name(all_ops[i]);
  for (std::size_t i = 0; i < all_ops.size(); ++i) {
    const op o = all_ops[i];
    if (names[i].empty() || name(cost_class_of(o)).empty()) return false;
    for (std::size_t j = 0; j < i; ++j) {
      if (names[j] == names[i]) return false;  // names are unique
    }
    const cost_class k = cost_class_of(o);
    // Only the weight-reading classes read a weight, and every op of them does.
    const bool weight_class = k == cost_class::linear || k == cost_class::routed_experts || k == cost_class::latent_attention;
    if (reads_linear_weight(o) != weight_class) return false;
    // Only elementwise ops count FLOPs per output element, and each of them does.
    if ((flops_per_output_element(o) != 0) != (k == cost_class::elementwise)) return false;
  }
  return true;
}
static_assert(every_op_named_and_classed());
// all_ops lists every op in order (circuit.hpp checks it): no count is written down here.
static_assert(name(op::swiglu_clamp) == "swiglu_clamp" && name(op::mla_attention) == "mla_attention" &&
              name(op::hc_contract) == "hc_contract" && name(op::logit_softcap) == "logit_softcap" &&
              name(op::ep_reduce) == "ep_reduce" && name(op::state_snapshot) == "state_snapshot");
static_assert(cost_class_of(op::hc_pre) == cost_class::edges && cost_class_of(op::ep_reduce) == cost_class::edges &&
              cost_class_of(op::kpool_compress) == cost_class::edges);
static_assert(cost_class_of(op::index_select) == cost_class::indexer);
static_assert(flops_per_output_element(op::gelu_tanh_mul) == 10 && flops_per_output_element(op::scalar_mul) == 1 &&
              flops_per_output_element(op::logit_softcap) == 3);
static_assert(name(op::gelu_tanh) == "gelu_tanh" && cost_class_of(op::gelu_tanh) == cost_class::elementwise &&
              flops_per_output_element(op::gelu_tanh) == 9);

constexpr bool every_role_named() {
  for (const linear_role r : all_linear_roles) {
    if (r != linear_role::none && name(r).empty()) return false;
  }
  return true;
}
static_assert(every_role_named());
// The latent-MoE pair first, then KDA, indexer, hyper-connection and grouped-output roles.
static_assert(name(linear_role::moe_latent_in) == "moe_latent_in" && name(linear_role::moe_latent_out) == "moe_latent_out");
static_assert(static_cast<int>(linear_role::moe_latent_out) == static_cast<int>(linear_role::mla_kv_b) + 2);
static_assert(name(linear_role::kda_g_b) == "kda_g_b" && name(linear_role::index_gate) == "index_gate" &&
              name(linear_role::hc_mix) == "hc_mix" && name(linear_role::o_group) == "o_group" &&
              name(linear_role::compress) == "compress");

// ---- edges: bytes of every edge and stored parameter, no FLOPs ------------------------------
// Each edges-class op on one 64-wide BF16 input and output: (64 + 64) x 2 B = 256 B a row.
constexpr bool edges_ops_cost_their_edges() {
  for (const op o : all_ops) {
    if (cost_class_of(o) != cost_class::edges) continue;
    const node n = nd("x", o, {e(64)}, {e(64)});
    const cost c1 = at(n, 1);
    const cost c16 = at(n, 16);
    if (c1.bytes != 256 || c1.flops != 0 || c16.bytes != 16 * 256 || c16.flops != 0) return false;
  }
  return true;
}
static_assert(edges_ops_cost_their_edges());
// layer_norm 64 -> 64 storing weight and bias (128 BF16 values = 256 B):
// rows 1: 128 + 128 + 256 = 512 B; rows 16: 16 x 256 + 256 = 4352 B.
constexpr node ln = with_aux(nd("ln", op::layer_norm, {e(64)}, {e(64)}), 128);
static_assert(at(ln, 1).bytes == 512 && at(ln, 16).bytes == 4352 && at(ln, 16).flops == 0);
// kpool_compress has no output: it reads its 32-wide input only, 64 B a row.
constexpr node kpool = nd("kpool", op::kpool_compress, {e(32)}, {});
static_assert(at(kpool, 1).bytes == 64 && at(kpool, 16).bytes == 1024);
// One row of 1000 GB/s moves 256 B in 0.000256 us: memory-bound.
static_assert(at(nd("hc", op::hc_pre, {e(64)}, {e(64)}), 1).by == bound::memory);

// ---- elementwise: edges, and FLOPs per output element ----------------------------------------
// gelu_tanh_mul over gate|up 256 -> 128: bytes (256 + 128) x 2 = 768 a row; FLOPs 10 x 128 = 1280
// a row: 1280 at rows 1, 20480 at rows 16 (bytes 12288).
constexpr node geglu = nd("act", op::gelu_tanh_mul, {e(256)}, {e(128)});
static_assert(at(geglu, 1).bytes == 768 && at(geglu, 1).flops == 1280);
static_assert(at(geglu, 16).bytes == 12288 && at(geglu, 16).flops == 20480);
// gelu_tanh 128 -> 128 (StarCoder2's c_fc output): bytes (128 + 128) x 2 = 512 a row; FLOPs
// 9 x 128 = 1152.
constexpr node gelu = nd("act", op::gelu_tanh, {e(128)}, {e(128)});
static_assert(at(gelu, 1).bytes == 512 && at(gelu, 1).flops == 1152);
// scalar_mul 64 -> 64: 1 FLOP per element, 64 and 1024.
constexpr node scale = nd("scale", op::scalar_mul, {e(64)}, {e(64)});
static_assert(at(scale, 1).flops == 64 && at(scale, 16).flops == 1024 && at(scale, 16).bytes == 4096);
// logit_softcap over 256 F32 logits: bytes 256 x 4 x 2 = 2048 a row; FLOPs 3 x 256 = 768, 12288.
constexpr node softcap = nd("softcap", op::logit_softcap, {e(256, formats::f32)}, {e(256, formats::f32)});
static_assert(at(softcap, 1).bytes == 2048 && at(softcap, 1).flops == 768 && at(softcap, 16).flops == 12288);

// ---- linear: one copy of the weight, 2 t k out FLOPs ----------------------------------------
// gate_up [256, 64] BF16: weight 256 x 64 x 2 = 32768 B; edges (64 + 256) x 2 = 640 B a row.
// rows 1: 33408 B, 2 x 64 x 256 = 32768 FLOPs; rows 16: 10240 + 32768 = 43008 B, 524288 FLOPs.
constexpr node gate_up = nd("gate_up", op::linear, {e(64)}, {e(256)}, linear_role::gate_up);
static_assert(at(gate_up, 1).bytes == 33408 && at(gate_up, 1).flops == 32768);
static_assert(at(gate_up, 16).bytes == 43008 && at(gate_up, 16).flops == 524288);
// Memory-bound at one row: 33408 B / 1e6 B/us = 0.033408 us > 32768 / 1e8 FLOP/us.
static_assert(at(gate_up, 1).by == bound::memory && at(gate_up, 1).time_us == 33408.0 / 1e6);
// Grouped output projection (role o_group): 512 -> 128 in 4 groups, each [32, 128]: the weight
// is [128, 512 / 4] = [128, 128], 32768 B; edges (512 + 128) x 2 = 1280 B a row.
// rows 1: 34048 B, 2 x 128 x 128 = 32768 FLOPs; rows 16: 20480 + 32768 = 53248 B, 524288 FLOPs.
constexpr node o_a = grouped(nd("o_a", op::linear, {e(512)}, {e(128)}, linear_role::o_group), 4);
static_assert(o_a.weight_out() == 128 && o_a.weight_k() == 128);
static_assert(at(o_a, 1).bytes == 34048 && at(o_a, 1).flops == 32768);
static_assert(at(o_a, 16).bytes == 53248 && at(o_a, 16).flops == 524288);
// DeepSeek-V4-Flash's wo_a (the seed system's vector): 64 heads x 512 in, 8 groups x o_lora 1024
// out: [8 x 1024, 64 x 512 / 8] = [8192, 4096].
constexpr node v4_o_a = grouped(nd("o_a", op::linear, {e(64 * 512)}, {e(8 * 1024)}, linear_role::o_group), 8);
static_assert(v4_o_a.weight_out() == 8192 && v4_o_a.weight_k() == 4096);

// ---- routed experts: expected distinct experts' weights, 2 t K k out FLOPs -------------------
// E = 8, K = 2, gate_up [256, 64] per expert (32768 B); edges 2 rows per token:
// (2 x 64 + 2 x 256) x 2 = 1280 B a token.
// rows 1: exactly K = 2 experts: 1280 + 65536 = 66816 B; FLOPs 2 x 2 x 64 x 256 = 65536.
// rows 16: 8 x (1 - (3/4)^16) = 8 - 43046721 / 2^29 experts (exact in binary), so
// 20480 + 32768 x that = 20480 + 262144 - 43046721 / 16384 B; FLOPs 16 x 65536 = 1048576.
constexpr node experts = [] {
  node n = nd("gate_up", op::expert_gate_up, {e_rows(2, 64)}, {e_rows(2, 256)});
  n.experts = 8;
  n.top_k = 2;
  return n;
}();
static_assert(at(experts, 1).bytes == 66816 && at(experts, 1).flops == 65536);
static_assert(at(experts, 16).bytes == 20480.0 + 262144.0 - 43046721.0 / 16384.0 && at(experts, 16).flops == 1048576);

// ---- attention: the KV read over min(context, window), 2 t attended (q + o) FLOPs ------------
// 4 query heads x 16, K and V of 2 KV heads x 16 = 32 elements each, BF16 cache: 128 B a token.
// Edges (64 + 32 + 32 + 64) x 2 = 384 B a row. Context 100, one sequence per row.
// rows 1: 384 + 100 x 128 = 13184 B; FLOPs 2 x 100 x (64 + 64) = 25600.
// rows 16: 6144 + 16 x 100 x 128 = 210944 B; FLOPs 409600. Window 40: 384 + 40 x 128 = 5504 B.
constexpr block kv_block = block_of({{.local = "k", .elements = 32}, {.local = "v", .elements = 32}});
constexpr node attend = with_states(nd("attend", op::paged_attention, {e(64), e(32), e(32)}, {e(64)}), 0b11);
static_assert(at(attend, 1, kv_block).bytes == 13184 && at(attend, 1, kv_block).flops == 25600);
static_assert(at(attend, 16, kv_block).bytes == 210944 && at(attend, 16, kv_block).flops == 409600);
constexpr node attend_swa = [] {
  node n = attend;
  n.window = 40;
  return n;
}();
static_assert(at(attend_swa, 1, kv_block).bytes == 5504 && at(attend_swa, 1, kv_block).flops == 10240);
// A compressed KV (DeepSeek-V4's CSA / HCA): one 32-wide row per 4 tokens, declared as 8
// elements a token, BF16: 16 B a token. Query and output 64 wide: edges 256 B a row. Context 100:
// 100 x 16 = 1600 B read, 25 rows scored: 256 + 1600 = 1856 B, 2 x 25 x (64 + 64) = 6400 FLOPs.
// An indexer picking 10 rows (40 tokens' worth): 256 + 40 x 16 = 896 B, 2 x 10 x 128 = 2560.
constexpr block pooled_block = block_of({{.local = "compressed", .elements = 8}});
constexpr node attend_pooled = compressed(with_states(nd("attend", op::paged_attention, {e(64)}, {e(64)}), 0b1), 4);
constexpr node attend_selected = compressed(attend_pooled, 4, 40);
static_assert(at(attend_pooled, 1, pooled_block).bytes == 1856 && at(attend_pooled, 1, pooled_block).flops == 6400);
static_assert(at(attend_selected, 1, pooled_block).bytes == 896 && at(attend_selected, 1, pooled_block).flops == 2560);

// ---- latent attention (absorbed MLA reading kv_b_proj) -------------------------------------
// 4 heads, qk_nope 16, rope 8, v 16, kv_lora 32: kv_b_proj [4 x (16 + 16), 32] = [128, 32] BF16,
// 8192 B. Query 4 x (16 + 8) = 96 wide, output 4 x 16 = 64: edges (96 + 64) x 2 = 320 B a row.
// Latent row kv_lora + rope = 40 elements, BF16: 80 B a token. Context 100.
// rows 1: 320 + 8192 + 100 x 80 = 16512 B;
//         FLOPs 2 x 32 x 128 (absorption) + 2 x 100 x 4 x (40 + 32) = 8192 + 57600 = 65792.
// rows 16: 5120 + 8192 + 16 x 100 x 80 = 141312 B; FLOPs 16 x 65792 = 1052672.
// Indexer-selected 50 tokens at rows 1: 320 + 8192 + 50 x 80 = 12512 B; 8192 + 28800 = 36992.
constexpr block latent_block = block_of({latent_state});
constexpr node mla = latent_attention(with_states(nd("attend", op::mla_attention, {e(96)}, {e(64)}), 0b1), 4, 128, 32);
static_assert(mla.weight_out() == 128 && mla.weight_k() == 32);
static_assert(at(mla, 1, latent_block).bytes == 16512 && at(mla, 1, latent_block).flops == 65792);
static_assert(at(mla, 16, latent_block).bytes == 141312 && at(mla, 16, latent_block).flops == 1052672);
constexpr node dsa = latent_attention(with_states(nd("attend", op::mla_attention, {e(96)}, {e(64)}), 0b1), 4, 128, 32, 50);
static_assert(at(dsa, 1, latent_block).bytes == 12512 && at(dsa, 1, latent_block).flops == 36992);
// An FP8 latent cache halves the read: 320 + 8192 + 100 x 40 = 12512 B at rows 1.
static_assert(node_cost(mla, latent_block, {}, {.rows = 1, .seqs = 1, .context = 100, .s = {.kv = kv_dtype::fp8}}, toy, toy_r)
                  .bytes == 12512);

// ---- the peak attention runs at: FP8 over an FP8 cache, BF16 otherwise ------------------------
// One prompt of 1,000 rows over 1,000 tokens of context is compute-bound: 2 x 1,000 x 1,000 x
// (64 + 64) = 256,000,000 FLOPs take 2.56 us at the BF16 peak over a BF16 cache (512,000 B,
// 0.512 us), 1.28 us at the FP8 peak over an FP8 one (448,000 B, 0.448 us): the kernels may
// multiply in FP8 there (attention_peak, node_cost.hpp).
constexpr cost_query long_prompt{.rows = 1000, .seqs = 1, .context = 1000};
constexpr cost_query long_prompt_fp8{.rows = 1000, .seqs = 1, .context = 1000, .s = {.kv = kv_dtype::fp8}};
static_assert(node_cost(attend, kv_block, {}, long_prompt, toy, toy_r).time_us == 2.56);
static_assert(node_cost(attend, kv_block, {}, long_prompt_fp8, toy, toy_r).time_us == 1.28);
static_assert(node_cost(attend, kv_block, {}, long_prompt_fp8, toy, toy_r).by == bound::compute);
// Latent attention: kv_b_proj's fold at its weight's peak (BF16 here), the scores and sum over
// the latent rows at the attention's: 2 x 1,000 x 32 x 128 = 8,192,000 FLOPs at 100 TFLOP/s
// (0.08192 us) plus 2 x 1,000 x 1,000 x 4 x (40 + 32) = 576,000,000 at 200 (2.88 us): 2.96192 us
// over an FP8 cache, 0.08192 + 5.76 = 5.84192 us over a BF16 one.
constexpr bool close(double a, double b) { return (a > b ? a - b : b - a) <= 1e-12 * b; }
static_assert(close(node_cost(mla, latent_block, {}, long_prompt_fp8, toy, toy_r).time_us, 2.96192));
static_assert(close(node_cost(mla, latent_block, {}, long_prompt, toy, toy_r).time_us, 5.84192));
static_assert(node_cost(mla, latent_block, {}, long_prompt_fp8, toy, toy_r).flops == 584192000);

// ---- indexer: the pooled index keys over the whole context, their scores ---------------------
// 2 index heads x 16 = 32-wide query, keys pooled 4 tokens each: the index state is 16 / 4 = 4
// BF16 elements a token (8 B); output 8 selected pools as I32. Context 100: 25 pools.
// rows 1: (32 x 2 + 8 x 4) + 100 x 8 = 96 + 800 = 896 B; FLOPs 2 x 25 x 32 = 1600.
// rows 16: 1536 + 16 x 100 x 8 = 14336 B; FLOPs 25600. Context 103: still 25 whole pools.
constexpr block index_block = block_of({index_state});
constexpr node select = pooled(with_states(nd("select", op::index_select, {e(32)}, {e(8, formats::i32)}), 0b1), 4);
static_assert(at(select, 1, index_block).bytes == 896 && at(select, 1, index_block).flops == 1600);
static_assert(at(select, 16, index_block).bytes == 14336 && at(select, 16, index_block).flops == 25600);
static_assert(at(select, 1, index_block, 103).flops == 1600);

// ---- recurrent: the state read and written once per sequence, 4 t elements FLOPs -------------
// h of 2 heads x 4 x 4 = 32 F32 elements (128 B); edges 16 + 16 wide BF16 = 64 B a row.
// rows 1: 64 + 2 x 128 = 320 B, FLOPs 4 x 32 = 128; rows 16: 1024 + 2 x 16 x 128 = 5120 B, 2048.
constexpr block h_block = block_of({h_state});
constexpr node recur = with_states(nd("recur", op::gdn_recurrence, {e(16)}, {e(16)}), 0, 0b1);
static_assert(at(recur, 1, h_block).bytes == 320 && at(recur, 1, h_block).flops == 128);
static_assert(at(recur, 16, h_block).bytes == 5120 && at(recur, 16, h_block).flops == 2048);

// ---- validation accepts every op where legal, and refuses the malformed ------------------------
// One block holding one node of every op (weights, states and the fields each op needs set).
enum class defect { none, linear_without_role, role_on_a_norm, groups_not_dividing, mla_heads_zero,
                    mla_heads_not_dividing, index_pool_zero };
constexpr node legal_node(op o) {
  node n = nd(name(o), o, {e(64)}, {e(64)}, o == op::linear ? linear_role::gate_up : linear_role::none);
  if (o == op::embed) n.table_rows = 256;
  if (is_routed_expert(o)) {
    n = nd(name(o), o, {e_rows(2, 64)}, {e_rows(2, 64)});
    n.experts = 8;
    n.top_k = 2;
  }
  if (o == op::paged_attention) n = with_states(n, 0b1);
  if (o == op::mla_attention) n = latent_attention(with_states(n, 0b1), 4, 128, 32);
  if (o == op::index_select) n = pooled(with_states(n, 0b10), 4);
  if (o == op::gdn_recurrence || o == op::ssm_update) n = with_states(n, 0, 0b100);
  return n;
}
constexpr model every_op(defect d) {
  model m{};
  m.id = "every_op";
  circuit& c = m.c;
  block& b = c.blocks[0];
  b = block_of({latent_state, index_state, h_state});
  b.name = "all";
  for (const op o : all_ops) c.nodes[c.n_nodes++] = legal_node(o);
  b.end = c.n_nodes;
  c.n_blocks = 1;
  c.add(0, 0, section::main, layer_kind::full_attention);
  auto first = [&](op o) -> node& {
    std::size_t i = 0;
    while (c.nodes[i].kind != o) ++i;
    return c.nodes[i];
  };
  switch (d) {
    case defect::none: break;
    case defect::linear_without_role: first(op::linear).role = linear_role::none; break;
    case defect::role_on_a_norm: first(op::rms_norm).role = linear_role::o; break;
    case defect::groups_not_dividing: first(op::linear) = grouped(first(op::linear), 3); break;  // 3 does not divide 64
    case defect::mla_heads_zero: first(op::mla_attention).heads = 0; break;
    case defect::mla_heads_not_dividing: first(op::mla_attention).heads = 3; break;  // 3 does not divide 128
    case defect::index_pool_zero: first(op::index_select).pool = 0; break;
  }
  m.add_rule(all_weights(formats::bf16));
  return m;
}
static_assert(check_model(every_op(defect::none)).ok());
// Its footprint by hand: embed 256 x 64 x 2 = 32768; linear, router, lm_head [64, 64] 8192 each;
// the two routed-expert ops 8 x [64, 64] = 65536 each; mla_attention's kv_b_proj [128, 32] 8192:
// 32768 + 3 x 8192 + 2 x 65536 + 8192 = 196608 B. KV: latent 40 x 2 + index 4 x 2 = 88 B a token;
// h 32 x 4 = 128 B a sequence.
constexpr footprint_bytes every_fp = footprint(every_op(defect::none), {});
static_assert(every_fp.weights == 196608 && every_fp.kv_per_token == 88 && every_fp.state_per_seq == 128);
static_assert(check_model(every_op(defect::linear_without_role)).rule == table_rule::model_linear_must_have_a_role);
static_assert(check_model(every_op(defect::linear_without_role)).item == "linear");
static_assert(check_model(every_op(defect::role_on_a_norm)).rule == table_rule::model_role_must_be_on_a_linear);
static_assert(check_model(every_op(defect::groups_not_dividing)).rule == table_rule::model_weight_groups_must_divide_the_weight);
static_assert(check_model(every_op(defect::mla_heads_zero)).rule ==
              table_rule::model_latent_attention_heads_must_divide_its_weight);
static_assert(check_model(every_op(defect::mla_heads_not_dividing)).rule ==
              table_rule::model_latent_attention_heads_must_divide_its_weight);
static_assert(check_model(every_op(defect::index_pool_zero)).rule == table_rule::model_indexer_must_pool_tokens);

// Each node setter's form for a temporary sets what its form for a named node sets (circuit.hpp):
// the same chain written both ways gives the same node, field for field.
constexpr bool setter_forms_agree() {
  const node base = nd("w", op::linear, {e(64)}, {e(128)}, linear_role::q);
  node a = base;
  a = with_aux(a, 7, formats::fp8_tensor);
  a = sharded(a, shard::heads, 4, true);
  a = with_states(a, 0b01, 0b10);
  a = grouped(a, 2);
  a = latent_attention(a, 16, 96, 32, 8);
  a = pooled(a, 4);
  a = compressed(a, 5, 9);
  const node b = compressed(
      pooled(latent_attention(grouped(with_states(sharded(with_aux(nd("w", op::linear, {e(64)}, {e(128)}, linear_role::q), 7,
                                                                    formats::fp8_tensor),
                                                           shard::heads, 4, true),
                                              0b01, 0b10),
                                  2),
                          16, 96, 32, 8),
             4),
      5, 9);
  return a == b && b.aux_params == 7 && b.units == 4 && b.aux_split && b.reads == 0b01 && b.updates == 0b10 &&
         b.weight_groups == 2 && b.heads == 16 && b.kv_b_out == 96 && b.kv_b_k == 32 && b.selected == 9 && b.pool == 5;
}
static_assert(setter_forms_agree());

}  // namespace
}  // namespace headroom_static_ops_test
