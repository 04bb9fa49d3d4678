// SPDX-License-Identifier: MIT
// The JSON renderer's shared objects (json.hpp).
#include "headroom/render/json.hpp"

#include <utility>

#include "headroom/args/common.hpp"
#include "headroom/render/reflect_results.hpp"
#include "headroom/commands/report.hpp"
#include "headroom/render/totals.hpp"
#include <headroom/engines/none.hpp>

namespace headroom::cli {

using reflect::add_fields;

ordered_json envelope(std::string_view command) {
  ordered_json j;
  j["schema_version"] = json_schema_version;
  j["headroom_version"] = std::string(version());
  j["command"] = std::string(command);
  return j;
}

std::string dump(const ordered_json& j) { return j.dump(2) + "\n"; }

ordered_json model_json(const model& m) {
  ordered_json j;
  j["id"] = std::string(m.id);
  j["name"] = std::string(m.name);
  j["family"] = std::string(m.family);
  j["checkpoint"] = std::string(m.source.repo);
  return j;
}

ordered_json device_json(const device& d) {
  ordered_json j;
  j["id"] = std::string(d.id);
  j["name"] = std::string(d.name);
  j["vendor"] = std::string(d.vendor);
  j["arch"] = std::string(d.arch);
  j["memory_marketed"] = std::string(d.memory_marketed);
  j["memory_bytes"] = d.memory_bytes;
  j["usable_permille"] = usable_share_of(d, engines::usable).permille;  // engines::none's share
  j["usable_bytes"] = usable_bytes(d, engines::usable);
  j["bandwidth_gbps"] = d.bandwidth_gbps;
  j["peak_tflops"] = {{"bf16", d.peak.bf16}, {"fp16", d.peak.fp16}, {"fp8", d.peak.fp8},
                      {"int8", d.peak.int8}, {"nvfp4", d.peak.nvfp4}, {"mxfp4", d.peak.mxfp4}};
  ordered_json kinds = ordered_json::array();
  for (const mma_kind k : all_mma_kinds) {
    if (d.runs(k)) kinds.push_back(std::string(name(k)));
  }
  j["mma_family"] = std::string(name(d.family));
  j["native_mma"] = kinds;
  j["sms"] = d.sms;
  j["measured_source"] = d.has_measured ? ordered_json(std::string(d.measured.source)) : ordered_json(nullptr);
  return j;
}

ordered_json roofline_json(const device_roofline& r, std::string_view manifest) {
  ordered_json j;
  j["basis"] = std::string(r.basis.view());
  j["measured"] = r.measured;
  j["manifest"] = manifest.empty() ? ordered_json(nullptr) : ordered_json(std::string(manifest));
  add_fields(j, r.r);
  return j;
}

ordered_json settings_json(const settings& s, const engine& e) {
  ordered_json j;
  add_fields(j, s);
  j["evict_sliding"] = e.evict_sliding;  // the engine's sliding-window policy (engine.hpp)
  return j;
}

ordered_json footprint_json(const footprint_bytes& fp, byte_count weight_floor) {
  ordered_json j;
  add_fields(j, fp);
  j["weight_floor_bytes"] = weight_floor;
  return j;
}

namespace {
ordered_json step_fields(ordered_json j, const step_estimate& st, std::uint64_t tokens) {
  j["step_us"] = st.total_us;
  j["tokens_per_s"] = st.tokens_per_s(tokens);
  j["memory_bound_us"] = st.memory_bound_us;
  j["compute_bound_us"] = st.compute_bound_us;
  j["dram_bytes"] = rounded(st.bytes, "DRAM bytes");
  j["flops"] = rounded(st.flops, "FLOPs");
  return j;
}
}  // namespace

ordered_json decode_run_json(const model& m, const step_estimate& st, std::uint64_t batch, std::uint64_t context,
                             bool with_nodes) {
  ordered_json j;
  j["batch"] = batch;
  j["context_tokens"] = context;
  j = step_fields(std::move(j), st, batch);
  ordered_json loops = ordered_json::array();
  for (std::size_t fi = 0; fi < st.n_flags; ++fi) {
    const loop_flag& f = st.flags[fi];
    loops.push_back({{"layer_kind", std::string(name(f.kind))}, {"added_us", f.added_us}, {"sites", f.sites}});
  }
  j["per_row_loops"] = loops;
  if (with_nodes) {
    ordered_json nodes = ordered_json::array();
    for (const site_row* row : report::sorted_rows(m, st)) {
      const node& n = m.c.nodes[row->node];
      ordered_json x;
      x["site"] = report::site_name(m, *row);
      x["op"] = report::op_name(n);
      x["weight_format"] = row->has_weight ? ordered_json(std::string(name(row->formats.weight).view())) : ordered_json(nullptr);
      x["activation_format"] =
          row->has_weight ? ordered_json(std::string(name(row->formats.activation).view())) : ordered_json(nullptr);
      x["execution"] = row->has_weight ? ordered_json(std::string(describe(row->how).view())) : ordered_json(nullptr);
      x["count"] = row->count;
      x["time_us"] = row->time_us;
      x["share"] = st.total_us > 0 ? row->time_us / st.total_us : 0.0;
      x["bound"] = row->one.by == bound::compute ? "compute" : "memory";
      x["per_row"] = row->per_row;
      nodes.push_back(std::move(x));
    }
    j["nodes"] = nodes;
  }
  return j;
}

ordered_json prefill_run_json(const step_estimate& st, std::uint64_t tokens) {
  ordered_json j;
  j["tokens"] = tokens;
  return step_fields(std::move(j), st, tokens);
}

ordered_json ids_json(const std::vector<std::string_view>& ids) {
  ordered_json a = ordered_json::array();
  for (std::string_view id : ids) a.push_back(std::string(id));
  return a;
}

void add_verdict_keys(ordered_json& j, const verdict& v) {
  j["fits"] = v.fits;
  j["stops"] = name(v.term);
  j["shortfall_bytes"] = v.shortfall_bytes;
}

}  // namespace headroom::cli
