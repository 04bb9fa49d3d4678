// SPDX-License-Identifier: MIT
// Bad input through the CLI in-process (headroom::cli::run_main): the cases error_cases.txt
// cannot express (empty arguments, raw control bytes in an argument, FIFOs, symlinks, file
// modes, a file-size limit), and the numbers a JSON reader sees.
#include <doctest/doctest.h>
#include <nlohmann/json.hpp>

#include <csignal>
#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <sys/wait.h>
#include <unistd.h>

#include "headroom/io/manifest.hpp"
#include "headroom/io/output.hpp"
#include "headroom/run.hpp"
#include "in_process.hpp"

namespace {
namespace fs = std::filesystem;
using namespace headroom::cli;

using testing::result;
using testing::run;
// A fresh folder under the system's temporary folder, removed at the end of the test.
struct scratch : testing::scratch {
  scratch() : testing::scratch("headroom_hardening") {}
};

bool one_printable_line(const std::string& s) {
  if (s.empty() || s.back() != '\n') return false;
  for (std::size_t i = 0; i + 1 < s.size(); ++i) {
    const auto c = static_cast<unsigned char>(s[i]);
    if (c < 0x20 || c == 0x7f || c >= 0x80) return false;  // these messages echo ASCII only
  }
  return true;
}

}  // namespace

TEST_CASE("headroom with no arguments still prints the default report") {
  const result r = run({});
  CHECK(r.code == 0);
  CHECK(r.out.rfind("# Qwen3-Next-80B-A3B-Instruct on NVIDIA H200 SXM 141GB", 0) == 0);
  CHECK(r.err.empty());
}

TEST_CASE("an option given an empty value is refused, never read as absent") {
  const result measured = run({"report", "llama_3_1_8b_instruct", "gb10", "--measured", ""});
  CHECK(measured.code == 2);
  CHECK(measured.err == "headroom: error: --measured: expected a value, got an empty string\n");
  const result models = run({"matrix", "--models", ""});
  CHECK(models.code == 2);
  CHECK(models.err == "headroom: error: --models: expected a value, got an empty string\n");
  CHECK(models.out.empty());
  const result out = run({"list", "models", "-o", ""});
  CHECK(out.code == 2);
  CHECK(out.err == "headroom: error: --output: expected a value, got an empty string\n");
  CHECK(out.out.empty());
  const result format = run({"list", "models", "--format", ""});
  CHECK(format.code == 2);
  CHECK(format.err == "headroom: error: --format: expected a value, got an empty string\n");
  CHECK(format.out.empty());
  CHECK_THROWS_AS(load_manifest(""), manifest_error);
}

TEST_CASE("report takes both ids or neither") {
  CHECK(run({"report", "llama_3_1_8b_instruct"}).code == 2);
  CHECK(run({"report"}).code == 0);  // the default report, as with no command
  CHECK(run({"report", "llama_3_1_8b_instruct", "h100_sxm"}).code == 0);
}

TEST_CASE("errors are one printable line whatever the input holds") {
  const result esc = run({"report", "zz\x1b[31mred\nnext", "h100_sxm"});
  CHECK(esc.code == 2);
  CHECK(esc.err == "headroom: error: unknown model `zz\\x1b[31mred\\x0anext` (no known id is close; `headroom list "
                   "models` lists all; a checkpoint not shipped: --config PATH/config.json)\n");
  CHECK(one_printable_line(esc.err));
  const result bad_utf8 = run({"fit", "llama_3_1_8b_instruct", "\xff\xfe\xc3", "--context", "1"});
  CHECK(bad_utf8.code == 2);
  CHECK(bad_utf8.err.find("`\\xff\\xfe\\xc3`") != std::string::npos);
  CHECK(one_printable_line(bad_utf8.err));
  const result flag = run({"decode", "llama_3_1_8b_instruct", "h100_sxm", "--batch", "1\r\n2"});
  CHECK(flag.code == 2);
  CHECK(one_printable_line(flag.err));
  const result path = run({"report", "llama_3_1_8b_instruct", "gb10", "--measured", "a\nb.json"});
  CHECK(path.code == 2);
  CHECK(path.err == "headroom: error: --measured: the path `a\\x0ab.json` holds control characters or invalid UTF-8\n");
  const result unknown = run({"--\x1b]0;title\x07"});
  CHECK(unknown.code == 2);
  CHECK(one_printable_line(unknown.err));
}

TEST_CASE("printable keeps valid UTF-8 and escapes controls, C1 and broken sequences") {
  CHECK(printable("GB/s \xc3\x97 2") == "GB/s \xc3\x97 2");           // U+00D7 kept
  CHECK(printable("a\tb\x7f") == "a\\x09b\\x7f");
  CHECK(printable("\xc2\x9b" "31m") == "\\xc2\\x9b31m");               // C1 CSI
  CHECK(printable("\xe2\x80\xa8") == "\\xe2\\x80\\xa8");               // U+2028
  CHECK(printable("\xed\xa0\x80") == "\\xed\\xa0\\x80");               // a surrogate
  CHECK(printable("\xc0\xaf") == "\\xc0\\xaf");                        // overlong
  CHECK(printable(std::string("a\0b", 3)) == "a\\x00b");
}

TEST_CASE("decode FLOPs are exact in JSON, not saturated at 2^63") {
  const result r = run({"decode", "llama_3_1_8b_instruct", "h100_sxm", "--batch", "4194304", "--context",
                        "4194304,4194000,4190000", "--json"});
  REQUIRE(r.code == 0);
  const auto j = nlohmann::json::parse(r.out);
  std::set<std::uint64_t> flops;
  for (const auto& run : j.at("runs")) flops.insert(run.at("flops").get<std::uint64_t>());
  CHECK(flops.size() == 3);
  CHECK(flops.count(1ULL << 63) == 0);
  // Markdown and JSON agree on the exit code of a load beyond 64 bits.
  CHECK(run({"decode", "llama_3_1_8b_instruct", "h100_sxm", "--batch", "8388608", "--context", "4194304"}).code == 1);
  CHECK(run({"decode", "llama_3_1_8b_instruct", "h100_sxm", "--batch", "8388608", "--context", "4194304", "--json"})
            .code == 1);
}

TEST_CASE("a manifest that is a FIFO is refused at once, not waited on") {
  scratch s;
  const std::string fifo = s.file("m.json");
  REQUIRE(::mkfifo(fifo.c_str(), 0600) == 0);
  CHECK_THROWS_WITH_AS(load_manifest(fifo),
                       (fifo + ": the manifest must be a regular file (not a folder, device, FIFO or socket)").c_str(),
                       manifest_error);
}

TEST_CASE("a manifest over the size cap is refused before it is parsed") {
  scratch s;
  const std::string big = s.file("big.json");
  {
    std::ofstream f(big, std::ios::binary);
    f << std::string((1u << 20) + 1, ' ');
  }
  CHECK_THROWS_WITH_AS(load_manifest(big),
                       (big + ": the manifest is 1048577 bytes, more than the 1048576 a manifest may have").c_str(),
                       manifest_error);
}

TEST_CASE("a UTF-8 byte order mark is skipped, and positions count from after it") {
  const std::string body =
      "{\"schema_version\": 1, \"device\": \"gb10\", \"source\": \"s\", \"dram_gbps\": 249.0, \"bf16_tflops\": 123.7, "
      "\"fp8_tflops\": 243.6, \"nvfp4_tflops\": 490.8, \"context_tokens\": 4096}";
  const manifest m = parse_manifest("\xef\xbb\xbf" + body, "bom.json");
  CHECK(m.r.dram_gbps == 249.0);
  CHECK(m.context_tokens == 4096);
  CHECK_THROWS_WITH_AS(parse_manifest("\xef\xbb\xbf{\"schema_version\": 2}", "v.json"),
                       "v.json:1:20: key `schema_version`: unsupported schema version 2 (this headroom reads 1)",
                       manifest_error);
}

TEST_CASE("-o refuses a character device") {
  // Never /dev/null itself: a regression would replace the machine's real one (as root).
  // A private copy of it (major 1, minor 3) in a scratch folder where mknod is allowed.
  scratch s;
  const std::string dev = s.file("null");
  if (::mknod(dev.c_str(), S_IFCHR | 0666, makedev(1, 3)) != 0) return;  // not root: FIFOs below cover the rule
  const result r = run({"list", "models", "-o", dev});
  CHECK(r.code == 2);
  CHECK(r.err == "headroom: error: -o: `" + dev + "` is not a regular file (a device, FIFO or socket; refused)\n");
  struct stat st {};
  REQUIRE(::lstat(dev.c_str(), &st) == 0);
  CHECK(S_ISCHR(st.st_mode));
}

TEST_CASE("-o refuses what is not a regular file and keeps an existing file's mode") {
  scratch s;
  const std::string fifo = s.file("fifo");
  REQUIRE(::mkfifo(fifo.c_str(), 0600) == 0);
  CHECK(run({"list", "models", "-o", fifo}).code == 2);
  CHECK_THROWS_AS(write_output("x", fifo), usage_error);
  struct stat st {};
  REQUIRE(::lstat(fifo.c_str(), &st) == 0);
  CHECK(S_ISFIFO(st.st_mode));  // not replaced

  const std::string target = s.file("target.md");
  const std::string link = s.file("link.md");
  { std::ofstream(target) << "old"; }
  REQUIRE(::symlink(target.c_str(), link.c_str()) == 0);
  const result via_link = run({"list", "models", "-o", link});
  CHECK(via_link.code == 2);
  CHECK(via_link.err == "headroom: error: -o: `" + link + "` is a symbolic link (refused; name its target)\n");
  REQUIRE(::lstat(link.c_str(), &st) == 0);
  CHECK(S_ISLNK(st.st_mode));

  REQUIRE(::chmod(target.c_str(), 0600) == 0);
  CHECK(run({"list", "models", "-o", target}).code == 0);
  REQUIRE(::stat(target.c_str(), &st) == 0);
  CHECK((st.st_mode & 07777) == 0600);
  REQUIRE(::chmod(target.c_str(), 0640) == 0);
  write_output("new", target);
  REQUIRE(::stat(target.c_str(), &st) == 0);
  CHECK((st.st_mode & 07777) == 0640);
  CHECK(s.entries() == 3);  // fifo, target, link: no temporary file left
}

TEST_CASE("a file-size limit fails the write and leaves no temporary file") {
  scratch s;
  const std::string path = s.file("out.md");
  const pid_t child = ::fork();
  REQUIRE(child >= 0);
  if (child == 0) {
    // SIGXFSZ would kill the process before any cleanup; write_output ignores it, so write()
    // fails with EFBIG and the temporary file is removed.
    rlimit lim{};
    lim.rlim_cur = 4096;
    lim.rlim_max = 4096;
    if (::setrlimit(RLIMIT_FSIZE, &lim) != 0) ::_exit(3);
    try {
      write_output(std::string(1u << 16, 'x'), path);
    } catch (const std::exception&) {
      ::_exit(0);
    }
    ::_exit(1);
  }
  int status = 0;
  REQUIRE(::waitpid(child, &status, 0) == child);
  CHECK(WIFEXITED(status));
  CHECK(WEXITSTATUS(status) == 0);
  CHECK(s.entries() == 0);
}

TEST_CASE("SIGTERM during a write removes the temporary file") {
  scratch s;
  const std::string path = s.file("big.md");
  const pid_t child = ::fork();
  REQUIRE(child >= 0);
  if (child == 0) {
    std::signal(SIGTERM, SIG_DFL);  // the test framework's crash handler is not the user's shell
    const std::string text(std::size_t{1} << 28, 'x');  // long enough to be caught mid-write
    try {
      write_output(text, path);
    } catch (const std::exception&) {
      ::_exit(2);
    }
    ::_exit(0);
  }
  // Signal as soon as the temporary file exists.
  for (int i = 0; i < 20000 && s.entries() == 0; ++i) ::usleep(100);
  ::kill(child, SIGTERM);
  int status = 0;
  REQUIRE(::waitpid(child, &status, 0) == child);
  if (WIFSIGNALED(status)) {
    CHECK(WTERMSIG(status) == SIGTERM);  // the default action, after the cleanup
    CHECK(s.entries() == 0);
  } else {
    // The write won the race: the file is complete and nothing else is left.
    CHECK(WEXITSTATUS(status) == 0);
    CHECK(s.entries() == 1);
    CHECK(fs::file_size(path) == std::size_t{1} << 28);
  }
}
