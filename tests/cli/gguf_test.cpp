// SPDX-License-Identifier: MIT
// GGUF files (docs/gguf.md), written by the test (gguf_writer.hpp): a tiny llama-shaped model
// with tensors of nine ggml types, read by `verify --gguf`, `fit --gguf` and `import --gguf`,
// every byte count worked out here by hand from ggml's block structs (ggml-org/ggml
// d99724f2b141fed9e1a9f402213506c081433465, src/ggml-common.h: block_q4_K = 2 + 2 halves
// + 12 scales + 128 nibbles = 144 bytes per 256 values, ...). Then hostile files, each refused
// with its one line and exit 2; byte offsets counted by hand from the layout: magic 0-3,
// version 4-7, tensor count 8-15, key/value count 16-23, the first key at 24.
#include <doctest/doctest.h>
#include <nlohmann/json.hpp>

#include <cstdint>
#include <string>

#include "gguf_writer.hpp"
#include "in_process.hpp"

namespace {
using headroom::cli::testing::gguf_writer;
using headroom::cli::testing::result;
using headroom::cli::testing::run;
using json = nlohmann::json;

struct scratch : headroom::cli::testing::scratch {
  scratch() : headroom::cli::testing::scratch("headroom_gguf") {}
};

std::string err_line(const std::string& m) { return "headroom: error: " + m + "\n"; }

// ggml type ids (ggml.h enum ggml_type).
constexpr std::uint32_t F32 = 0, F16 = 1, Q8_0 = 8, Q4_K = 12, Q5_K = 13, Q6_K = 14, IQ4_XS = 23, BF16 = 30,
                        MXFP4 = 39;

// Llama-shaped: hidden 256, 2 layers, 4 heads of 64, 2 KV heads, FFN 512, vocab 1024.
gguf_writer tiny() {
  gguf_writer w;
  w.str("general.architecture", "llama").str("general.name", "Tiny Llama");
  w.u32("llama.block_count", 2).u32("llama.embedding_length", 256).u32("llama.feed_forward_length", 512);
  w.u32("llama.attention.head_count", 4).u32("llama.attention.head_count_kv", 2).u32("llama.context_length", 8192);
  w.f32("llama.attention.layer_norm_rms_epsilon", 0x3727c5ac);  // 1e-5
  w.strings("tokenizer.ggml.tokens", {"<s>", "</s>", "a"});
  w.add("token_embd.weight", {256, 1024}, Q8_0, 256 * 1024 / 32 * 34);  // 278,528
  w.add("output_norm.weight", {256}, F32, 256 * 4);                     // 1,024
  w.add("output.weight", {256, 1024}, Q6_K, 256 * 1024 / 256 * 210);    // 215,040
  w.add("blk.0.attn_q.weight", {256, 256}, Q4_K, 256 * 256 / 256 * 144);  // 36,864
  w.add("blk.0.attn_k.weight", {256, 128}, Q4_K, 256 * 128 / 256 * 144);  // 18,432
  w.add("blk.0.attn_v.weight", {256, 128}, Q6_K, 256 * 128 / 256 * 210);  // 26,880
  w.add("blk.0.ffn_down.weight", {512, 256}, Q5_K, 512 * 256 / 256 * 176);  // 90,112
  w.add("blk.0.ffn_gate.weight", {256, 512}, IQ4_XS, 256 * 512 / 256 * 136);  // 69,632
  w.add("blk.1.attn_q.weight", {256, 256}, MXFP4, 256 * 256 / 32 * 17);  // 34,816
  w.add("blk.1.ffn_up.weight", {256, 512}, BF16, 256 * 512 * 2);         // 262,144
  w.add("blk.1.ffn_gate.weight", {256, 512}, F16, 256 * 512 * 2);        // 262,144
  return w;
}
// 278,528 + 1,024 + 215,040 + 36,864 + 18,432 + 26,880 + 90,112 + 69,632 + 34,816 + 262,144 + 262,144
constexpr std::uint64_t tiny_bytes = 1'295'616;

}  // namespace

TEST_CASE("the ggml block laws, by hand: a 4096 x 4096 Q4_K tensor is 4096*4096/256*144 bytes") {
  const scratch s;
  gguf_writer w;
  w.add("q4k", {4096, 4096}, Q4_K, 4096ull * 4096 / 256 * 144);   // 9,437,184
  w.add("q8", {4096, 14336}, Q8_0, 4096ull * 14336 / 32 * 34);    // 62,390,272
  w.add("iq1", {4096, 4096}, 19, 4096ull * 4096 / 256 * 50);      // IQ1_S: 3,276,800
  w.add("tq1", {4096, 4096}, 34, 4096ull * 4096 / 256 * 54);      // TQ1_0: 3,538,944
  const std::string file = w.write(s.dir / "laws.gguf");
  const result r = run({"verify", "--gguf", file});
  CHECK(r.code == 0);
  CHECK(r.err.empty());
  CHECK(r.out.find("| Q8_0 | 32 | 34 | 1 | 62390272 |") != std::string::npos);
  CHECK(r.out.find("| Q4_K | 256 | 144 | 1 | 9437184 |") != std::string::npos);
  CHECK(r.out.find("| IQ1_S | 256 | 50 | 1 | 3276800 |") != std::string::npos);
  CHECK(r.out.find("| TQ1_0 | 256 | 54 | 1 | 3538944 |") != std::string::npos);
  CHECK(r.out.find("| total | | | 4 | 78643200 |") != std::string::npos);  // the four summed
}

TEST_CASE("verify --gguf: the tiny model's tensor table by type") {
  const scratch s;
  const std::string file = tiny().write(s.dir / "tiny-llama.gguf");
  const result r = run({"verify", "--gguf", file});
  CHECK(r.code == 0);
  CHECK(r.out.find("| Q4_K | 256 | 144 | 2 | 55296 |") != std::string::npos);  // 36,864 + 18,432
  CHECK(r.out.find("| Q6_K | 256 | 210 | 2 | 241920 |") != std::string::npos);  // 215,040 + 26,880
  CHECK(r.out.find("| MXFP4 | 32 | 17 | 1 | 34816 |") != std::string::npos);
  CHECK(r.out.find("| total | | | 11 | 1295616 |") != std::string::npos);
  CHECK(r.out.find("Model: family `dense_gqa`, GGUF v3 (general.architecture llama; tensor table 11 tensors, 1295616 "
                   "bytes)") != std::string::npos);
}

TEST_CASE("fit --gguf: weights are the tensor table's sum; llama.cpp sizes the KV from the GGUF's heads") {
  const scratch s;
  const std::string file = tiny().write(s.dir / "tiny-llama.gguf");
  const result r = run({"fit", "--gguf", file, "h100_sxm", "--seqs", "1", "--context", "4096", "--json"});
  REQUIRE(r.code == 0);
  const json j = json::parse(r.out);
  CHECK(j["footprint"]["weights_bytes"] == tiny_bytes);
  CHECK(j["fit"]["engine"]["engine"] == "llama.cpp");
  CHECK(j["fit"]["engine"]["loaded_weights_bytes_per_rank"] == tiny_bytes);
  // 4,096 cells (n_ctx 4096, a multiple of 256) x 2 layers x (K + V) x 2 KV heads x 64 x 2 bytes (f16).
  CHECK(j["fit"]["engine"]["available_kv_cache_bytes"] == 4096ull * 2 * 2 * 2 * 64 * 2);
  // q8_0 caches: a layer's K row of 2 x 64 = 128 values is 4 blocks of 34 bytes.
  const result q = run({"fit", "--gguf", file, "h100_sxm", "--seqs", "1", "--context", "4096", "--json",
                        "--cache-type-k", "q8_0", "--cache-type-v", "q8_0"});
  REQUIRE(q.code == 0);
  CHECK(json::parse(q.out)["fit"]["engine"]["available_kv_cache_bytes"] == 4096ull * 2 * 2 * (128 / 32 * 34));
  // --engine still chooses: engines::none counts the footprint alone.
  const result n = run({"fit", "--gguf", file, "h100_sxm", "--engine", "none", "--context", "4096", "--json"});
  REQUIRE(n.code == 0);
  CHECK(json::parse(n.out)["footprint"]["weights_bytes"] == tiny_bytes);
}

TEST_CASE("import --gguf: a model header with the family's dims and the file's bytes") {
  const scratch s;
  const std::string file = tiny().write(s.dir / "tiny-llama.gguf");
  const result r = run({"import", "--gguf", file, "--id", "tiny_llama"});
  REQUIRE(r.code == 0);
  CHECK(r.out.find("m.c = family::dense_gqa({.gqa = {.hidden = 256, .vocab = 1024, .layers = 2, .q_heads = 4, "
                   ".kv_heads = 2, .head_dim = 64}, .inter = 512});") != std::string::npos);
  CHECK(r.out.find("m.file_weights = 1295616;") != std::string::npos);
  CHECK(r.out.find("m.name = \"Tiny Llama\";") != std::string::npos);
}

TEST_CASE("qwen3moe: the experts from expert_count, expert_used_count, expert_feed_forward_length") {
  const scratch s;
  gguf_writer w;
  w.str("general.architecture", "qwen3moe").u32("qwen3moe.block_count", 2).u32("qwen3moe.embedding_length", 256);
  w.u32("qwen3moe.attention.head_count", 4).u32("qwen3moe.attention.head_count_kv", 2);
  w.u32("qwen3moe.attention.key_length", 128).u32("qwen3moe.expert_count", 8).u32("qwen3moe.expert_used_count", 2);
  w.u32("qwen3moe.expert_feed_forward_length", 128).u32("qwen3moe.feed_forward_length", 768);
  w.add("token_embd.weight", {256, 512}, Q8_0, 256 * 512 / 32 * 34);  // 139,264
  w.add("output.weight", {256, 512}, Q8_0, 256 * 512 / 32 * 34);
  const result r = run({"import", "--gguf", w.write(s.dir / "moe.gguf"), "--id", "tiny_moe"});
  REQUIRE(r.code == 0);
  CHECK(r.out.find("m.c = family::gqa_moe({.gqa = {.hidden = 256, .vocab = 512, .layers = 2, .q_heads = 4, "
                   ".kv_heads = 2, .head_dim = 128}, .experts = 8, .top_k = 2, .moe_inter = 128, .qk_norm = true});") !=
        std::string::npos);
  CHECK(r.out.find("m.file_weights = 278528;") != std::string::npos);  // 2 x 139,264
}

// ---- hostile files ----

namespace {
// `args` on `file`: exit 2, the one line `why` after the file's name, nothing on stdout.
void refused(const std::string& file, const std::string& why) {
  for (const char* cmd : {"verify", "fit"}) {
    INFO(cmd);
    const result r = std::string(cmd) == "verify" ? run({"verify", "--gguf", file}) : run({"fit", "--gguf", file, "h100_sxm", "--context", "4096"});
    CHECK(r.code == 2);
    CHECK(r.err == err_line(file + ": " + why));
    CHECK(r.out.empty());
  }
}
}  // namespace

TEST_CASE("hostile GGUF: magic, version, endianness") {
  const scratch s;
  gguf_writer w;
  std::string h = w.header();
  refused(gguf_writer::write(s.dir / "magic.gguf", "GGML" + h.substr(4), 0), "byte 0: not a GGUF file (no `GGUF` magic)");
  w.version = 1;
  refused(gguf_writer::write(s.dir / "v1.gguf", w.header(), 0), "byte 4: GGUF v1 (its counts are 32-bit; only v2 and v3 are read)");
  w.version = 4;
  refused(gguf_writer::write(s.dir / "v4.gguf", w.header(), 0), "byte 4: GGUF version 4 (only v2 and v3 are read)");
  // A big-endian v3 file: 00 00 00 03 reads 0x03000000 little-endian.
  h[4] = 0, h[7] = 3;
  refused(gguf_writer::write(s.dir / "be.gguf", h, 0), "byte 4: a big-endian GGUF file (only little-endian files are read)");
  refused(gguf_writer::write(s.dir / "short.gguf", "GGUF\x03", 0), "byte 4: the version needs 4 bytes, the file ends 1 bytes on (truncated)");
}

TEST_CASE("hostile GGUF: counts and lengths past the bytes left are refused before allocating") {
  const scratch s;
  gguf_writer w;
  std::string h = w.header();  // 24 bytes, no key, no tensor
  h[23] = 0x10;                // 2^60 key/values
  refused(gguf_writer::write(s.dir / "kv.gguf", h, 0),
          "byte 16: 1152921504606846976 metadata key/values cannot fit, the file ends 0 bytes on (truncated)");
  h = w.header();
  h[13] = 0x01;  // 2^40 tensors
  refused(gguf_writer::write(s.dir / "tensors.gguf", h, 0), "byte 8: 1099511627776 tensors cannot fit, the file ends 0 bytes on (truncated)");
  // A key whose length says 1000 bytes: its 8-byte length at 24, its text from 32; 16 bytes follow.
  gguf_writer k;
  k.u32("general.alignment", 32);  // key 8 + 17, type 4, value 4: 33 bytes after the 24
  h = k.header();
  h[24] = static_cast<char>(0xe8), h[25] = 0x03;  // 1000
  refused(gguf_writer::write(s.dir / "key.gguf", h, 0), "byte 32: a metadata key needs 1000 bytes, the file ends 25 bytes on (truncated)");
  // An array of 2^40 strings in a few bytes.
  gguf_writer a;
  a.strings("tokenizer.ggml.tokens", {});
  h = a.header();
  h[24 + 8 + 21 + 4 + 4 + 5] = 0x01;  // the count's sixth byte: 2^40
  refused(gguf_writer::write(s.dir / "array.gguf", h, 0),
          "byte 24: key `tokenizer.ggml.tokens`: an array of 1099511627776 str cannot fit, the file ends 0 bytes on (truncated)");
  // Cut in the middle of a value: the key `a` at 24 (8 + 1), its type (4), its u32 value at 37.
  gguf_writer v;
  v.u32("a", 7);
  refused(gguf_writer::write(s.dir / "cut.gguf", v.header().substr(0, 39), 0),
          "byte 37: key `a` needs 4 bytes, the file ends 2 bytes on (truncated)");
}

TEST_CASE("hostile GGUF: alignment, offsets, types and rows") {
  const scratch s;
  gguf_writer al;
  al.u32("general.alignment", 48);
  refused(al.write(s.dir / "align.gguf"), "byte 24: key `general.alignment`: 48 is not a power of 2");
  // Two F32 [8] tensors (32 bytes each): infos of 8 + 1 + 4 + 8 + 4 + 8 = 33 bytes at 24 and 57;
  // the data section at 96 (90 padded to 32).
  gguf_writer two;
  two.add("a", {8}, F32, 32).add("b", {8}, F32, 32);
  two.tensors[1].offset = 0;
  refused(two.write(s.dir / "overlap.gguf"), "byte 96: tensor `b`: offset 0, the tensors before it end at 32 (they overlap)");
  two.tensors[1].offset = 16;
  refused(two.write(s.dir / "misaligned.gguf"), "byte 96: tensor `b`: offset 16 is not a multiple of general.alignment 32");
  two.tensors[1].offset = 64;
  refused(two.write(s.dir / "gap.gguf"), "byte 96: tensor `b`: offset 64, the tensors before it end at 32 (a gap)");
  // One tensor, its data cut: the header is 57 bytes, the data section at 64, the tensor to 96.
  gguf_writer one;
  one.add("a", {8}, F32, 32);
  refused(gguf_writer::write(s.dir / "nodata.gguf", one.header(), 0),
          "byte 64: tensor `a`: its data ends at byte 96, the file has 64 bytes (truncated)");
  gguf_writer unknown;
  unknown.add("a", {8}, 99, 32);
  refused(unknown.write(s.dir / "type99.gguf"), "byte 24: tensor `a`: unknown ggml type id 99");
  gguf_writer removed;  // Q4_2, removed from ggml
  removed.add("a", {32}, 4, 20);
  refused(removed.write(s.dir / "type4.gguf"), "byte 24: tensor `a`: unknown ggml type id 4");
  gguf_writer row;
  row.add("a", {100, 2}, Q4_K, 144);
  refused(row.write(s.dir / "row.gguf"), "byte 24: tensor `a`: a row of 100 elements is not a multiple of Q4_K's block of 256");
  gguf_writer dims;
  dims.add("a", {1, 1, 1, 1, 8}, F32, 32);
  refused(dims.write(s.dir / "dims.gguf"), "byte 24: tensor `a`: 5 dimensions (ggml has at most 4)");
  gguf_writer dup;
  dup.add("a", {8}, F32, 32).add("a", {8}, F32, 32);
  refused(dup.write(s.dir / "dup.gguf"), "byte 57: tensor `a`: stored twice");
  // A control character in a name is shown escaped, never sent raw.
  gguf_writer bell;
  bell.add("a\x07", {8}, 99, 32);
  refused(bell.write(s.dir / "bell.gguf"), "byte 24: tensor `a\\x07`: unknown ggml type id 99");
}

TEST_CASE("a GGUF the families cannot take is refused by its key") {
  const scratch s;
  gguf_writer g;
  g.str("general.architecture", "gemma3");
  g.add("token_embd.weight", {256, 512}, Q8_0, 256 * 512 / 32 * 34);
  const std::string gemma = g.write(s.dir / "gemma.gguf");
  const result r = run({"fit", "--gguf", gemma, "h100_sxm", "--context", "4096"});
  CHECK(r.code == 2);
  CHECK(r.err == err_line(gemma + ": key `general.architecture`: `gemma3` is not supported (llama, qwen2, qwen3, qwen3moe)"));
  gguf_writer m;
  m.str("general.architecture", "llama").u32("llama.embedding_length", 256);
  const std::string missing = m.write(s.dir / "missing.gguf");
  const result r2 = run({"fit", "--gguf", missing, "h100_sxm", "--context", "4096"});
  CHECK(r2.code == 2);
  CHECK(r2.err == err_line(missing + ": key `llama.block_count`: missing (required for general.architecture `llama`)"));
  // verify --gguf checks the file (consistent: exit 0) and says why no model is built.
  const result v = run({"verify", "--gguf", missing});
  CHECK(v.code == 0);
  CHECK(v.out.find("Model: not evaluated: " + missing + ": key `llama.block_count`: missing (required for "
                   "general.architecture `llama`)\n") != std::string::npos);
}

TEST_CASE("a folder in place of a GGUF file is refused by the bounded reader") {
  const scratch s;
  const result r = run({"verify", "--gguf", s.dir.string()});
  CHECK(r.code == 2);
  CHECK(r.err == err_line(s.dir.string() + ": the GGUF header must be a regular file (not a folder, device, FIFO or socket)"));
}
