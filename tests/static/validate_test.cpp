// SPDX-License-Identifier: MIT
// The always-on validation (include/headroom/validate.hpp): every registry entry passes it, and
// each table defect is found with its rule (the compile-fail cases show the compiler's
// side; tests/runtime/validate_test.cpp the run-time messages).
#include <headroom/devices.hpp>
#include <headroom/headroom.hpp>
#include <headroom/models.hpp>

#include <cstdint>

namespace headroom_static_validate_test {

namespace {
using namespace headroom;

constexpr bool registry_valid() {
  for (const model* m : models::all) {
    if (!check_model(*m).ok()) return false;
  }
  for (const device* d : devices::all) {
    if (!check_device(*d).ok() || !check_roofline(default_roofline(*d).r).ok()) return false;
  }
  return true;
}
static_assert(registry_valid());

// The byte laws' scale terms are checked: fp8/g1 on 2^62 values has 2^62 + 2^64 bytes.
static_assert(!try_bytes(formats::fp8_group(1), 1, 1ULL << 62));
static_assert(!try_weight_bytes(formats::fp8_block(1, 1), 1, 1ULL << 62));
static_assert(*try_bytes(formats::fp8_group(1), 1, 1ULL << 40) == 5 * (1ULL << 40));
static_assert(*try_weight_bytes(formats::fp8_block(128, 128), 256, 256) == 65536 + 2 * 2 * 4);

constexpr model gqa(std::uint64_t layers, std::uint64_t experts, std::uint64_t top_k) {
  model m{};
  m.id = "user_moe";
  m.c = models::family::gqa_moe({.gqa = {.hidden = 2048, .vocab = 151936, .layers = layers, .q_heads = 32, .kv_heads = 4, .head_dim = 128}, .experts = experts, .top_k = top_k, .moe_inter = 768});
  m.add_rule(all_weights(formats::bf16));
  return m;
}
static_assert(check_model(gqa(2, 8, 8)).ok());
static_assert(check_model(gqa(0, 8, 8)).rule == table_rule::model_layers_must_be_positive);
static_assert(check_model(gqa(2, 8, 9)).rule == table_rule::model_top_k_must_be_between_1_and_experts);
static_assert(check_model(gqa(2, 8, 9)).block == "moe" && check_model(gqa(2, 8, 9)).item == "gate_up");
static_assert(check_model(gqa(2, 8, 0)).rule == table_rule::model_edge_width_must_be_positive);
static_assert(check_model(gqa(2, 0, 0)).rule == table_rule::model_edge_width_must_be_positive);

constexpr model with_rule(precision_rule r) {
  model m = gqa(2, 8, 8);
  m.n_rules = 0;
  m.add_rule(r);
  return m;
}
static_assert(check_model(with_rule(all_weights(formats::mxfp4, formats::mxfp4))).rule ==
              table_rule::model_rule_activation_format_must_be_legal_for_an_activation);
static_assert(check_model(with_rule(all_weights(formats::fp8_channel, formats::fp8_channel))).rule ==
              table_rule::model_rule_activation_format_must_be_legal_for_an_activation);
static_assert(check_model(with_rule(all_weights(formats::fp8_group(0)))).rule ==
              table_rule::model_rule_weight_format_must_be_well_formed);
static_assert(check_model(with_rule(all_weights(formats::fp8_channel, formats::fp8_token))).ok());

constexpr device changed(int what) {
  device d = devices::h100_sxm;
  switch (what) {
    case 0: d.memory_bytes = 0; break;
    case 3: d.bandwidth_gbps = -3350; break;
    case 4: d.bandwidth_gbps = 5e-324 * 0; break;
    case 5: d.peak.bf16 = 0; break;
    case 6: d.peak.fp8 = -1; break;
    case 7: d.peak.fp8 = 0; break;  // H100 runs fp8 natively: a zero peak would make it free
    case 9: d.bandwidth_gbps = __builtin_inf(); break;
    case 10: d.peak.bf16 = __builtin_nan(""); break;
    default: break;
  }
  return d;
}
static_assert(check_device(changed(-1)).ok());
static_assert(check_device(changed(0)).rule == table_rule::device_memory_bytes_must_be_positive);
static_assert(check_device(changed(3)).rule == table_rule::device_bandwidth_gbps_must_be_positive_and_finite);
static_assert(check_device(changed(4)).rule == table_rule::device_bandwidth_gbps_must_be_positive_and_finite);
static_assert(check_device(changed(5)).rule == table_rule::device_peak_bf16_must_be_positive_and_finite);
static_assert(check_device(changed(6)).rule == table_rule::device_peaks_must_be_finite_and_not_negative);
static_assert(check_device(changed(7)).rule == table_rule::device_native_kind_needs_a_positive_peak);
// The share a usable-memory policy gives a device (engines::none's arithmetic).
static_assert(check_usable(devices::h100_sxm, {900, "x"}).ok());
static_assert(check_usable(devices::h100_sxm, {5000, "x"}).rule == table_rule::usable_permille_must_be_in_1_to_1000);
static_assert(check_usable(devices::h100_sxm, {0, "x"}).rule == table_rule::usable_permille_must_be_in_1_to_1000);
constexpr device one_byte() {
  device d = devices::h100_sxm;
  d.memory_bytes = 1;
  return d;
}
static_assert(check_usable(one_byte(), {1, "x"}).rule == table_rule::usable_bytes_must_be_positive);  // 1 x 1 / 1000 = 0
static_assert(check_device(changed(9)).rule == table_rule::device_bandwidth_gbps_must_be_positive_and_finite);
static_assert(check_device(changed(10)).rule == table_rule::device_peak_bf16_must_be_positive_and_finite);

static_assert(check_roofline({249, 123.7, 243.6, 490.8}).ok());
static_assert(check_roofline({0, 123.7, 243.6, 490.8}).rule == table_rule::roofline_dram_gbps_must_be_positive_and_finite);
static_assert(check_roofline({249, 123.7, 0, 490.8}).rule == table_rule::roofline_tflops_must_be_positive_and_finite);

// A table written in place (`checked_table(detail::fill_x, x)`, as the shipped tables are
// written through `detail::shipped_table`; the family filling `m.c`) and the value spellings (a
// function returning the model; a family returning its circuit) give the same table. Llama-3.1-8B: 32 layers x (attention, MLP) + embed + head = 66
// instances.
constexpr model llama_by_value() {
  model m{};
  models::detail::fill_llama_3_1_8b_instruct(m);
  return m;
}
inline constexpr model llama_checked_by_value = checked_table(llama_by_value(), llama_checked_by_value);
constexpr circuit llama_circuit_by_value = models::family::dense_gqa(
    {.gqa = {.hidden = 4096, .vocab = 128256, .layers = 32, .q_heads = 32, .kv_heads = 8, .head_dim = 128}, .inter = 14336});
constexpr bool same_circuit(const circuit& a, const circuit& b) {
  if (a.n_nodes != b.n_nodes || a.n_blocks != b.n_blocks || a.n_instances != b.n_instances) return false;
  for (std::size_t i = 0; i < a.n_nodes; ++i) {
    if (a.nodes[i].local != b.nodes[i].local || a.nodes[i].kind != b.nodes[i].kind || a.nodes[i].n_in != b.nodes[i].n_in) return false;
  }
  for (std::size_t i = 0; i < a.n_instances; ++i) {
    if (a.instances[i].block != b.instances[i].block || a.instances[i].layer != b.instances[i].layer) return false;
  }
  return a.uses == b.uses && a.main_uses == b.main_uses;
}
static_assert(models::llama_3_1_8b_instruct.c.n_instances == 66);
static_assert(same_circuit(llama_checked_by_value.c, models::llama_3_1_8b_instruct.c));
static_assert(same_circuit(llama_circuit_by_value, models::llama_3_1_8b_instruct.c));
// The GQA decoder helpers keep their value spellings too (a family of one's own that called them).
constexpr circuit one_layer_decoder = models::family::uniform_gqa_decoder(
    {.hidden = 64, .vocab = 128, .layers = 1, .q_heads = 4, .kv_heads = 2, .head_dim = 16},
    {.hidden = 64, .q_heads = 4, .kv_heads = 2, .head_dim = 16}, false,
    [](circuit& out) { return models::blocks::swiglu_mlp(out, "ffn", 64, 128); });
static_assert(one_layer_decoder.n_instances == 1 * 2 + 2);  // one layer x (attention, MLP) + embed + head
static_assert(llama_checked_by_value.checked_as == &llama_checked_by_value);
}  // namespace
}  // namespace headroom_static_validate_test
