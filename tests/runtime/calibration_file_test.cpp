// SPDX-License-Identifier: MIT
// The run-time calibration format (tools/headroom/io/calibration_file.hpp): each shipped JSON loads
// to exactly its constexpr twin, and a broken file is one headroom::error line naming the file
// and the key.
#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>
#include <string>

#include <headroom/engines/calibration.hpp>

#include "headroom/io/calibration_file.hpp"

namespace {
using namespace headroom;
namespace fs = std::filesystem;

const std::string shipped_dir = std::string(HEADROOM_TEST_DATA) + "/../../engines/calibration/";

// A valid table to break one key at a time.
const std::string good = R"({"device": "user_device", "engine": "vllm", "version": "0", "source": "this test",
  "grids": [{"class": "gemm", "format": "bf16", "absolute_us": false, "xs": [1, 4], "ys": [2], "values": [1.5, 1.25]}]})";

std::string replaced(std::string s, const std::string& from, const std::string& to) {
  const std::size_t at = s.find(from);
  REQUIRE(at != std::string::npos);
  return s.replace(at, from.size(), to);
}

struct temp_file {
  fs::path path;
  explicit temp_file(const std::string& name, const std::string& text) : path(fs::temp_directory_path() / ("headroom_cal_" + name)) {
    std::ofstream(path, std::ios::binary) << text;
  }
  ~temp_file() {
    std::error_code ec;
    fs::remove(path, ec);
  }
};

// The one line a refused file gives.
std::string refusal(const std::string& path) {
  try {
    (void)cli::load_calibration(path);
  } catch (const error& e) {
    CHECK(e.kind() == error_kind::bad_input);
    return e.what();
  }
  FAIL("expected a headroom::error for " << path);
  return {};
}

std::string refusal_of_text(const std::string& name, const std::string& text) {
  const temp_file f(name, text);
  const std::string m = refusal(f.path.string());
  CHECK(m.rfind(f.path.string() + ": ", 0) == 0);  // starts with the file
  CHECK(m.find('\n') == std::string::npos);        // one line
  return m;
}

}  // namespace

TEST_CASE("each shipped calibration JSON equals its constexpr table") {
  // The two lists agree both ways: every table has its JSON (opened below), and every JSON of
  // the folder has a table (counted here), with no count written down by hand.
  std::size_t json_files = 0;
  for (const auto& e : fs::directory_iterator(shipped_dir)) json_files += e.path().extension() == ".json" ? std::size_t{1} : std::size_t{0};
  CHECK(json_files == engines::all_calibrations.size());
  for (const calibration* c : engines::all_calibrations) {
    const std::string path = shipped_dir + std::string(c->device) + "_" + std::string(c->engine) + ".json";
    CAPTURE(path);
    const cli::loaded_calibration l = cli::load_calibration(path);
    const calibration& t = l.table();
    CHECK(t.device == c->device);
    CHECK(t.engine == c->engine);
    CHECK(t.version == c->version);
    CHECK(t.source == c->source);
    REQUIRE(t.n_grids == c->n_grids);
    for (std::size_t g = 0; g < t.n_grids; ++g) {
      const calib_grid& a = t.grids[g];
      const calib_grid& b = c->grids[g];
      CAPTURE(g);
      REQUIRE((a.cls == b.cls && a.fmt == b.fmt && a.nx == b.nx && a.ny == b.ny && a.absolute_us == b.absolute_us));
      CHECK(a.floor_us == b.floor_us);
      for (std::size_t i = 0; i < a.nx; ++i) CHECK(a.xs[i] == b.xs[i]);
      for (std::size_t i = 0; i < a.ny; ++i) CHECK(a.ys[i] == b.ys[i]);
      for (std::size_t i = 0; i < std::size_t{a.nx} * a.ny; ++i) CHECK(a.values[i] == b.values[i]);
    }
  }
}

TEST_CASE("a loaded table looks up like a constexpr one, and survives a move") {
  const temp_file f("good.json", good);
  cli::loaded_calibration l = cli::load_calibration(f.path.string());
  const cli::loaded_calibration moved = std::move(l);
  // Halfway in log space between x = 1 and 4 (x = 2): 1.5 + (1.25 - 1.5) * 0.5 = 1.375.
  const calib_lookup r = lookup(moved.table(), kernel_class::gemm, calib_format::bf16, 2, 2);
  CHECK(r.found);
  CHECK(r.value == doctest::Approx(1.375).epsilon(1e-12));
  CHECK(!lookup(moved.table(), kernel_class::gemm, calib_format::fp8, 2, 2).found);
  CHECK(moved.table().grids[0].floor_us == 0);  // optional: absent, no floor
}

TEST_CASE("a grid's floor_us is read when given") {
  const temp_file f("floor.json", replaced(good, "\"absolute_us\": false", "\"absolute_us\": false, \"floor_us\": 12.5"));
  const cli::loaded_calibration l = cli::load_calibration(f.path.string());
  CHECK(l.table().grids[0].floor_us == 12.5);
}

TEST_CASE("a broken calibration file is one line naming the file and the key") {
  CHECK(refusal_of_text("malformed.json", "{\"device\": ").find("malformed JSON") != std::string::npos);
  CHECK(refusal_of_text("array.json", "[1, 2]").find("a JSON object at the top level") != std::string::npos);
  CHECK(refusal_of_text("unknown.json", replaced(good, "\"source\"", "\"sauce\": \"x\", \"source\"")).find("key `sauce`: unknown key") != std::string::npos);
  CHECK(refusal_of_text("missing.json", replaced(good, "\"version\": \"0\", ", "")).find("key `version`: missing") != std::string::npos);
  CHECK(refusal_of_text("type.json", replaced(good, "\"engine\": \"vllm\"", "\"engine\": 3")).find("key `engine`: expected a string") != std::string::npos);
  CHECK(refusal_of_text("class.json", replaced(good, "\"gemm\"", "\"gemv\"")).find("key `grids[0].class`: unknown value \"gemv\"") != std::string::npos);
  CHECK(refusal_of_text("format.json", replaced(good, "\"bf16\"", "\"fp6\"")).find("key `grids[0].format`") != std::string::npos);
  // A decode attention grid of the old axis (context tokens) is refused, naming the new class.
  CHECK(refusal_of_text("old_axis.json", replaced(good, "\"gemm\"", "\"decode_attention\""))
            .find("key `grids[0].class`: \"decode_attention\" is now \"gqa_decode\", whose ys are the KV elements one sequence reads") !=
        std::string::npos);
  CHECK(refusal_of_text("count.json", replaced(good, "[1.5, 1.25]", "[1.5]")).find("key `grids[0].values`: expected 2 x 1 = 2 numbers, got 1") != std::string::npos);
  CHECK(refusal_of_text("number.json", replaced(good, "[1, 4]", "[1, \"4\"]")).find("key `grids[0].xs[1]`: expected a number") != std::string::npos);
  CHECK(refusal_of_text("grid_key.json", replaced(good, "\"absolute_us\": false", "\"absolute\": false")).find("key `grids[0].absolute`: unknown key") != std::string::npos);
  // The laws of calibration.hpp, named for the grid.
  CHECK(refusal_of_text("ratio.json", replaced(good, "[1.5, 1.25]", "[1.5, 0.75]")).find("key `grids[0]`: a ratio (measured / ceiling) must be at least 1") != std::string::npos);
  CHECK(refusal_of_text("order.json", replaced(good, "[1, 4]", "[4, 1]")).find("key `grids[0]`: xs and ys must be positive, finite and strictly ascending") != std::string::npos);
  CHECK(refusal_of_text("absolute.json", replaced(good, "\"gemm\"", "\"all_reduce\"")).find("all_reduce, all_to_all, gdn_decode, gdn_prefill, conv1d_decode and conv1d_prefill grids hold absolute microseconds") != std::string::npos);
  CHECK(refusal_of_text("floor_type.json", replaced(good, "\"absolute_us\": false", "\"absolute_us\": false, \"floor_us\": \"2\"")).find("key `grids[0].floor_us`: expected a number") != std::string::npos);
  CHECK(refusal_of_text("floor_negative.json", replaced(good, "\"absolute_us\": false", "\"absolute_us\": false, \"floor_us\": -1")).find("key `grids[0]`: floor_us must be finite and at least 0") != std::string::npos);
  CHECK(refusal_of_text("unnamed.json", replaced(good, "\"user_device\"", "\"\"")).find("key `device`: device and engine must be named") != std::string::npos);
  // A line break inside a key stays on one line.
  CHECK(refusal_of_text("newline.json", replaced(good, "\"source\"", "\"a\\nb\": 1, \"source\"")).find("unknown key") != std::string::npos);
}

TEST_CASE("only a regular file under the size cap is read") {
  const std::string missing = (fs::temp_directory_path() / "headroom_cal_does_not_exist.json").string();
  CHECK(refusal(missing).find(missing + ": cannot read the calibration file") == 0);
  const fs::path dir = fs::temp_directory_path() / "headroom_cal_dir";
  fs::create_directories(dir);
  CHECK(refusal(dir.string()).find("must be a regular file") != std::string::npos);
  fs::remove(dir);
  const temp_file big("big.json", std::string(cli::max_calibration_bytes + 1, ' '));
  CHECK(refusal(big.path.string()).find("more than the 4194304 a calibration file may have") != std::string::npos);
  CHECK(refusal("").find("--calibration: expected a file name") == 0);
}
