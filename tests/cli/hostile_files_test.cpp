// SPDX-License-Identifier: MIT
// Hostile and careless input files (docs/hardening.md), each built here by the test: config.json
// files nested 200,000 levels deep, FIFOs and devices in place of files, shard indexes that point
// out of the checkpoint folder, safetensors files whose offsets overlap, run past the file or were
// cut after their header, duplicate keys, NUL bytes, numbers beyond a double. Every one is refused
// with one line naming the file (and the key or tensor) and exit 2; none crashes, blocks or reads
// outside the folder the user named. Positions (line:column) are counted by hand from the texts.
#include <doctest/doctest.h>

#include <cstdint>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include <sys/stat.h>
#include <unistd.h>

#include "headroom/input/bounded_file.hpp"
#include "headroom/input/identifiers.hpp"
#include "headroom/io/manifest.hpp"
#include "headroom/io/output.hpp"
#include "headroom/run.hpp"
#include "in_process.hpp"
#include "headroom/input/strict_json.hpp"

namespace {
namespace fs = std::filesystem;
using namespace headroom::cli;

using testing::result;
using testing::run;
// A fresh folder under the system's temporary folder, removed at the end of the test.
struct hostile_scratch : testing::scratch {
  hostile_scratch() : testing::scratch("headroom_hostile") {}
};

std::string source(const char* path) { return (fs::path(HEADROOM_SOURCE_DIR) / path).string(); }

std::string err_line(const std::string& message) { return "headroom: error: " + message + "\n"; }

// The tiny Llama of tests/data/checkpoints/tiny_llama (its config.json), for checkpoint folders.
const std::string tiny_config = R"({"architectures": ["LlamaForCausalLM"], "hidden_size": 64, "intermediate_size": 128,
"model_type": "llama", "num_attention_heads": 4, "num_hidden_layers": 2, "num_key_value_heads": 2,
"tie_word_embeddings": false, "torch_dtype": "bfloat16", "vocab_size": 256})";

// A safetensors file: the 8-byte little-endian length, `header`, then `data_bytes` zero bytes
// (written sparse by resize_file).
void write_safetensors(const fs::path& file, const std::string& header, std::uint64_t data_bytes) {
  {
    std::ofstream out(file, std::ios::binary);
    const std::uint64_t n = header.size();
    for (int i = 0; i < 8; ++i) out.put(static_cast<char>((n >> (8 * i)) & 0xff));
    out << header;
  }
  fs::resize_file(file, 8 + header.size() + data_bytes);
}

}  // namespace

TEST_CASE("a config nested 200,000 levels deep is refused at level 65, not a stack overflow") {
  const hostile_scratch s;
  // The object is level 1, the first 63 `[` levels 2 to 64: the 64th `[` (0-based offset
  // prefix + 63) opens level 65.
  const std::string prefix = R"({"model_type": "llama", "x": )";
  const std::string file = s.write("deep.json", prefix + std::string(200'000, '[') + std::string(200'000, ']') + "}");
  const std::string why = ":1:" + std::to_string(prefix.size() + 63 + 1) + ": nested deeper than 64 levels";
  for (const auto& args : std::vector<std::vector<std::string>>{{"import", file, "--id", "x"},
                                                                 {"report", "--config", file, "h100_sxm"}}) {
    const result r = run(args);
    INFO(args[0]);
    CHECK(r.code == 2);
    CHECK(r.err == err_line(file + why));
    CHECK(r.out.empty());
  }
  // verify reads the folder's config.json, its shard index and its headers the same way.
  fs::create_directory(s.dir / "ckpt");
  s.write("ckpt/config.json", tiny_config);
  const std::string index_prefix = R"({"weight_map": )";
  const std::string index = s.write("ckpt/model.safetensors.index.json",
                                    index_prefix + std::string(100'000, '[') + std::string(100'000, ']') + "}");
  const result v = run({"verify", s.path("ckpt")});
  CHECK(v.code == 2);
  CHECK(v.err == err_line(index + ":1:" + std::to_string(index_prefix.size() + 63 + 1) + ": nested deeper than 64 levels"));
  fs::remove(index);
  const std::string header = R"({"a": )" + std::string(100'000, '[') + std::string(100'000, ']') + "}";
  write_safetensors(s.dir / "ckpt/model.safetensors", header, 0);
  const result h = run({"verify", s.path("ckpt")});
  CHECK(h.code == 2);
  CHECK(h.err == err_line(s.path("ckpt/model.safetensors") + " (header):1:" + std::to_string(6 + 63 + 1) +
                          ": nested deeper than 64 levels"));
}

TEST_CASE("verify never follows a shard out of the checkpoint folder") {
  const hostile_scratch s;
  fs::create_directory(s.dir / "ckpt");
  s.write("ckpt/config.json", tiny_config);
  write_safetensors(s.dir / "outside.safetensors", R"({"x": {"dtype": "U8", "shape": [1], "data_offsets": [0, 1]}})", 1);
  const std::string index = s.path("ckpt/model.safetensors.index.json");
  const std::string folder = s.path("ckpt");
  for (const std::string& shard : {std::string("../outside.safetensors"), std::string("/etc/shadow"), s.path("outside.safetensors"),
                                   std::string("sub/../../outside.safetensors")}) {
    s.write("ckpt/model.safetensors.index.json", R"({"weight_map": {"w": ")" + shard + R"("}})");
    const result r = run({"verify", folder});
    INFO(shard);
    CHECK(r.code == 2);
    CHECK(r.err == err_line(index + ": key `weight_map.w`: `" + shard + "` leads outside the folder " + folder));
  }
  // A shard inside the folder that is a symbolic link to a file outside it.
  fs::create_symlink(s.dir / "outside.safetensors", s.dir / "ckpt/linked.safetensors");
  s.write("ckpt/model.safetensors.index.json", R"({"weight_map": {"w": "linked.safetensors"}})");
  const result link = run({"verify", folder});
  CHECK(link.code == 2);
  CHECK(link.err == err_line(index + ": key `weight_map.w`: `linked.safetensors` leads outside the folder " + folder));
  // Without an index, every *.safetensors of the folder is read: the link is refused too.
  fs::remove(index);
  const result listed = run({"verify", folder});
  CHECK(listed.code == 2);
  CHECK(listed.err == err_line(folder + ": `linked.safetensors` leads outside the folder " + folder));
  // A config.json linked out of the folder.
  fs::remove(s.dir / "ckpt/linked.safetensors");
  s.write("outside.json", tiny_config);
  fs::remove(s.dir / "ckpt/config.json");
  fs::create_symlink(s.dir / "outside.json", s.dir / "ckpt/config.json");
  const result config = run({"import", folder, "--id", "x"});
  CHECK(config.code == 2);
  CHECK(config.err == err_line(folder + ": `config.json` leads outside the folder " + folder));
}

TEST_CASE("FIFOs, devices, folders and oversized files are refused before they are read") {
  const hostile_scratch s;
  const std::string fifo = s.path("config.json");
  REQUIRE(::mkfifo(fifo.c_str(), 0600) == 0);
  const std::string regular = " must be a regular file (not a folder, device, FIFO or socket)";
  const result f = run({"import", fifo, "--id", "x"});  // would block forever on open or read
  CHECK(f.code == 2);
  CHECK(f.err == err_line(fifo + ": the config" + regular));
  const result zero = run({"report", "--config", "/dev/zero", "h100_sxm"});  // would be read until memory ran out
  CHECK(zero.code == 2);
  CHECK(zero.err == err_line("/dev/zero: the config" + regular));
  const result quant = run({"import", source("tests/data/configs/qwen3_8b"), "--quant", "/dev/zero", "--id", "x"});
  CHECK(quant.code == 2);
  CHECK(quant.err == err_line("/dev/zero: the quantization config" + regular));

  // 8 MiB + 1 byte of config (sparse: never written, never read).
  fs::remove(fifo);
  s.write("config.json", "{}");
  fs::resize_file(fifo, (8u << 20) + 1);
  const result big = run({"import", fifo, "--id", "x"});
  CHECK(big.code == 2);
  CHECK(big.err == err_line(fifo + ": the config is 8388609 bytes, more than the 8388608 a config may have"));

  // A folder in place of the shard index.
  fs::create_directory(s.dir / "ckpt");
  s.write("ckpt/config.json", tiny_config);
  fs::create_directory(s.dir / "ckpt/model.safetensors.index.json");
  const result index = run({"verify", s.path("ckpt")});
  CHECK(index.code == 2);
  CHECK(index.err == err_line(s.path("ckpt/model.safetensors.index.json") + ": the shard index" + regular));

  // A header length of 64 MiB + 1 in a file that long (sparse): refused before its header is read.
  fs::remove(s.dir / "ckpt/model.safetensors.index.json");
  const fs::path st = s.dir / "ckpt/model.safetensors";
  write_safetensors(st, "{}", 0);
  {
    std::fstream out(st, std::ios::binary | std::ios::in | std::ios::out);
    const std::uint64_t n = (std::uint64_t{64} << 20) + 1;  // 67,108,865
    for (int i = 0; i < 8; ++i) out.put(static_cast<char>((n >> (8 * i)) & 0xff));
  }
  fs::resize_file(st, 8 + (std::uint64_t{64} << 20) + 1);
  const result header = run({"verify", s.path("ckpt")});
  CHECK(header.code == 2);
  CHECK(header.err == err_line(st.string() + ": the safetensors header is more than the 67108864 bytes (64 MiB) a header may have"));
}

TEST_CASE("verify refuses what no safetensors loader accepts: overlaps, gaps, offsets past the end, truncation") {
  const hostile_scratch s;
  fs::create_directory(s.dir / "ckpt");
  s.write("ckpt/config.json", tiny_config);
  const fs::path st = s.dir / "ckpt/model.safetensors";
  const std::string file = st.string();
  auto verify_with = [&](const std::string& header, std::uint64_t data) {
    write_safetensors(st, header, data);
    return run({"verify", s.path("ckpt")});
  };
  // a: BF16 [2] = 4 bytes at [0, 4); b: BF16 [2] = 4 bytes at [2, 6), inside a.
  const result overlap = verify_with(R"({"a": {"dtype": "BF16", "shape": [2], "data_offsets": [0, 4]},
                                        "b": {"dtype": "BF16", "shape": [2], "data_offsets": [2, 6]}})", 6);
  CHECK(overlap.code == 2);
  CHECK(overlap.err == err_line(file + ": tensor `b`: data_offsets begin at 2, the previous tensor ends at 4 (they overlap)"));
  // Both at [0, 4): the same bytes twice.
  const result same = verify_with(R"({"a": {"dtype": "BF16", "shape": [2], "data_offsets": [0, 4]},
                                     "b": {"dtype": "BF16", "shape": [2], "data_offsets": [0, 4]}})", 4);
  CHECK(same.code == 2);
  CHECK(same.err == err_line(file + ": tensor `b`: data_offsets begin at 0, the previous tensor ends at 4 (they overlap)"));
  const result gap = verify_with(R"({"a": {"dtype": "BF16", "shape": [2], "data_offsets": [0, 4]},
                                    "b": {"dtype": "BF16", "shape": [2], "data_offsets": [6, 10]}})", 10);
  CHECK(gap.code == 2);
  CHECK(gap.err == err_line(file + ": tensor `b`: data_offsets begin at 6, the previous tensor ends at 4 (a gap)"));
  // Offsets past the end: 4 bytes declared, 2 in the file.
  const std::string one = R"({"a": {"dtype": "BF16", "shape": [2], "data_offsets": [0, 4]}})";
  const result past = verify_with(one, 2);
  CHECK(past.code == 2);
  CHECK(past.err == err_line(file + ": the tensors' data ends at byte 4 of the data, the file holds 2 bytes of data after "
                                    "its header (truncated)"));
  // Cut right after the header.
  const result cut = verify_with(one, 0);
  CHECK(cut.code == 2);
  CHECK(cut.err == err_line(file + ": the tensors' data ends at byte 4 of the data, the file holds 0 bytes of data after "
                                   "its header (truncated)"));
  const result trailing = verify_with(one, 5);
  CHECK(trailing.code == 2);
  CHECK(trailing.err == err_line(file + ": the tensors' data ends at byte 4 of the data, the file holds 5 bytes of data "
                                        "after its header (trailing bytes)"));
  // 2 x 2^32 x 2^32 bytes = 2^65: beyond 64 bits, refused naming the tensor (was a raw exit 1).
  const result huge = verify_with(R"({"a": {"dtype": "BF16", "shape": [4294967296, 4294967296], "data_offsets": [0, 0]}})", 0);
  CHECK(huge.code == 2);
  CHECK(huge.err == err_line(file + ": tensor `a`: BF16 [4294967296, 4294967296] is more than 2^64 bytes"));
}

TEST_CASE("JSON the readers refuse: duplicate keys, NUL bytes, trailing content, numbers beyond a double") {
  const hostile_scratch s;
  const std::string dup = s.write("dup.json", "{\"model_type\": \"llama\",\n \"model_type\": \"qwen3\"}");
  const result d = run({"import", dup, "--id", "x"});
  CHECK(d.code == 2);
  CHECK(d.err == err_line(dup + ":2:2: duplicate key `model_type` (first at line 1, column 2)"));
  const std::string nested = s.write("nested.json", R"({"quantization_config": {"bits": 4, "bits": 8}})");
  CHECK(run({"import", nested, "--id", "x"}).err ==
        err_line(nested + ":1:37: duplicate key `quantization_config.bits` (first at line 1, column 26)"));
  // {"model_type": "llama"} is 23 bytes: the NUL is byte 24 (column 24), as is the `x` after a space (column 25).
  const std::string nul = s.write("nul.json", std::string("{\"model_type\": \"llama\"}\0{}", 26));
  CHECK(run({"import", nul, "--id", "x"}).err == err_line(nul + ":1:24: a NUL byte (JSON text has none)"));
  const std::string after = s.write("after.json", R"({"model_type": "llama"} x)");
  CHECK(run({"import", after, "--id", "x"}).err == err_line(after + ":1:25: content after the JSON document"));
  // `{"model_type": "llama", "hidden_size": ` is 39 bytes: 1e999 starts at column 40.
  const std::string big = s.write("big.json", R"({"model_type": "llama", "hidden_size": 1e999})");
  const result b = run({"import", big, "--id", "x"});
  CHECK(b.code == 2);
  CHECK(b.err == err_line(big + ":1:40: key `hidden_size`: the number `1e999` is beyond the range of a double"));
}

TEST_CASE("NaN and Infinity read as Python's json writes them: accepted where ignored, refused with the key where used") {
  const hostile_scratch s;
  // nvidia/NVIDIA-Nemotron-3-Nano-30B-A3B configs carry "time_step_limit": [0.0, Infinity] (a clamp,
  // ignored with that reason by the importer).
  std::ifstream in(source("tests/data/configs/nemotron_3_nano_30b_a3b_nvfp4/config.json"), std::ios::binary);
  std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  REQUIRE(text.size() > 2);
  REQUIRE(text[0] == '{');
  fs::create_directory(s.dir / "nemotron");
  s.write("nemotron/config.json", "{\"time_step_limit\": [0.0, Infinity],\n" + text.substr(1));
  fs::copy_file(source("tests/data/configs/nemotron_3_nano_30b_a3b_nvfp4/hf_quant_config.json"),
                s.dir / "nemotron/hf_quant_config.json");
  const result ok = run({"import", s.path("nemotron"), "--id", "nemotron_inf"});
  CHECK(ok.code == 0);
  CHECK(ok.err.empty());
  std::string inf = tiny_config;
  inf.replace(inf.find("\"hidden_size\": 64"), 17, "\"hidden_size\": Infinity");
  const std::string used = s.write("inf.json", inf);
  CHECK(run({"import", used, "--id", "x"}).err ==
        err_line(used + ": key `hidden_size`: expected a non-negative integer, got Infinity"));
  CHECK(shown_value(parse_json("[NaN, -Infinity]", "t").at(0)) == "NaN");
  CHECK(shown_value(parse_json("[NaN, -Infinity]", "t").at(1)) == "-Infinity");
}

TEST_CASE("long values are elided in messages, saying how many bytes were left out") {
  // 64 bytes kept of 1,000,000: 999,936 elided.
  CHECK(elided(std::string(1'000'000, 'a')) == std::string(64, 'a') + "... (999936 bytes elided)");
  CHECK(elided("short") == "short");
  const hostile_scratch s;
  const std::string file = s.write("long.json", R"({"model_type": ")" + std::string(60'000, 'q') + R"("})");
  const result r = run({"import", file, "--id", "x"});
  CHECK(r.code == 2);
  CHECK(r.err.size() < 2000);
  CHECK(r.err.find("(59936 bytes elided)") != std::string::npos);
}

TEST_CASE("a manifest followed by a NUL byte, or with two byte order marks, is refused where it happens") {
  // One line of 164 bytes: the NUL after it is column 165.
  const std::string m = R"({"schema_version": 1, "device": "gb10", "source": "s", "dram_gbps": 249.0, "bf16_tflops": 123.7, )"
                        R"("fp8_tflops": 243.6, "nvfp4_tflops": 490.8, "context_tokens": 4096})";
  REQUIRE(m.size() == 164);
  CHECK_NOTHROW(parse_manifest(m, "m.json"));
  CHECK_THROWS_WITH_AS(parse_manifest(m + std::string("\0junk", 5), "m.json"), "m.json:1:165: a NUL byte (JSON text has none)",
                       manifest_error);
  CHECK_THROWS_WITH_AS(parse_manifest("\xEF\xBB\xBF\xEF\xBB\xBF" + m, "m.json"),
                       "m.json:1:1: a second byte order mark (U+FEFF); a file has one at most", manifest_error);
}

TEST_CASE("-o writes names of 248 to 255 bytes (the temporary file's name fits NAME_MAX)") {
  const hostile_scratch s;
  for (const std::size_t length : {248u, 255u}) {
    const std::string path = s.path(std::string(length - 3, 'n') + ".md");
    const result r = run({"list", "models", "-o", path});
    INFO(length);
    CHECK(r.code == 0);
    CHECK(r.err.empty());
    CHECK(fs::file_size(path) > 0);
  }
}

TEST_CASE("names that land in generated code follow C's rules; the regenerate line is a shell command") {
  CHECK(identifier_problem("qwen3_8b").empty());
  CHECK(identifier_problem("APP_LLM_").empty());
  CHECK(identifier_problem("1abc") == "`1abc` starts with a digit, which a C identifier cannot");
  CHECK(identifier_problem("int") == "`int` is a C or C++ keyword");
  CHECK(identifier_problem("constexpr") == "`constexpr` is a C or C++ keyword");    // C++ only
  CHECK(identifier_problem("_Bool") == "`_Bool` is reserved in C and C++ (`_` then an uppercase letter or `_`)");
  CHECK(identifier_problem("_X") == "`_X` is reserved in C and C++ (`_` then an uppercase letter or `_`)");
  CHECK(identifier_problem("__x") == "`__x` is reserved in C and C++ (`_` then an uppercase letter or `_`)");
  CHECK(identifier_problem("a__b") == "`a__b` is reserved in C++ (it contains `__`)");
  CHECK(identifier_problem("a-b") == "`a-b` is not a C identifier (letters, digits and `_` only)");
  CHECK(shell_word("tests/data/configs/qwen3_8b") == "tests/data/configs/qwen3_8b");
  CHECK(shell_word("my ckpt/config.json") == "'my ckpt/config.json'");
  CHECK(shell_word("it's") == "'it'\\''s'");
  CHECK(shell_word("") == "''");
  CHECK(shell_word("$(rm -rf x)") == "'$(rm -rf x)'");

  const hostile_scratch s;
  fs::create_directory(s.dir / "my ckpt");
  const std::string config = s.write("my ckpt/config.json", tiny_config);
  const result r = run({"header", "--config", config, "h100_sxm", "--seqs", "1", "--context", "128"});
  CHECK(r.code == 0);
  CHECK(r.out.find(" *   headroom header --config '" + config + "' h100_sxm --seqs 1 --context 128") != std::string::npos);
}

// A 10 MB argument is not echoed whole: every message quotes at most its first 96 bytes, then
// says how many were elided (10,000,000 - 96 = 9,999,904), as the id, a flag's value, a
// `--flag=value` and an unknown flag alike.
TEST_CASE("an argument of 10 MB is elided in the one-line message") {
  const std::string huge(10'000'000, 'a');
  const std::string shown = std::string(96, 'a') + "... (9999904 bytes elided)";
  struct probe {
    std::vector<std::string> args;
    int code;
    std::string message;
  };
  const std::vector<probe> probes{
      {{"report", huge, "h100_sxm"},
       2,
       "unknown model `" + shown +
           "` (no known id is close; `headroom list models` lists all; a checkpoint not shipped: --config PATH/config.json)"},
      {{"report", "llama_3_1_8b_instruct", "h100_sxm", "--kv", huge}, 2,
       "--kv: unknown dtype `" + shown + "` (expected auto, bf16 or fp8)"},
      {{"fit", "llama_3_1_8b_instruct", "h100_sxm", "--context=" + huge}, 2,
       "--context: `" + shown + "` is not a positive integer (suffixes: 32k = 32000, 32K = 32768)"},
      {{"report", "llama_3_1_8b_instruct", "h100_sxm", "--" + huge}, 2,
       // the whole argument is elided: "--" and 94 bytes kept, 10,000,002 - 96 = 9,999,906 left out
       "The following argument was not expected: --" + std::string(94, 'a') + "... (9999906 bytes elided) (see `headroom --help`)"},
  };
  for (const probe& p : probes) {
    const result r = run(p.args);
    CHECK(r.code == p.code);
    CHECK(r.out.empty());
    CHECK(r.err == err_line(p.message));
    CHECK(r.err.size() < 400);
  }
}
