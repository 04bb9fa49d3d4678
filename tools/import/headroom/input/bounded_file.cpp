// SPDX-License-Identifier: MIT
#include "headroom/input/bounded_file.hpp"

#include <fmt/format.h>

#include <cerrno>
#include <cstring>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include "headroom/input/usage_error.hpp"

namespace headroom::cli {

namespace fs = std::filesystem;

namespace {

// Paths are echoed through printable(): a file name with a newline stays one line.
[[noreturn]] void fail(const std::string& path, const std::string& what) {
  throw file_error(printable(fmt::format("{}: {}", path, what)));
}

int open_regular(const std::string& path, const file_kind& kind, std::uint64_t& size) {
  if (path.empty()) throw file_error(fmt::format("expected the name of a {}, got an empty string", kind.noun));
  // O_NONBLOCK: opening a FIFO must not wait for a writer; the type check below refuses it.
  const int fd = ::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY);
  if (fd < 0) fail(path, fmt::format("cannot read the {} ({})", kind.noun, std::strerror(errno)));
  struct stat st {};
  if (::fstat(fd, &st) != 0) {
    const int e = errno;
    ::close(fd);
    fail(path, fmt::format("cannot read the {} ({})", kind.noun, std::strerror(e)));
  }
  if (!S_ISREG(st.st_mode)) {
    ::close(fd);
    fail(path, fmt::format("the {} must be a regular file (not a folder, device, FIFO or socket)", kind.noun));
  }
  size = st.st_size < 0 ? 0 : static_cast<std::uint64_t>(st.st_size);
  return fd;
}

// Up to `n` bytes at `offset` into `out` (resized to what was read): a short read is the end of
// the file, which the callers check.
void read_range(int fd, const std::string& path, const file_kind& kind, std::uint64_t offset, std::uint64_t n,
                std::string& out) {
  out.assign(static_cast<std::size_t>(n), '\0');
  std::size_t done = 0;
  while (done < out.size()) {
    const ssize_t got = ::pread(fd, out.data() + done, out.size() - done, static_cast<off_t>(offset + done));
    if (got < 0) {
      if (errno == EINTR) continue;
      fail(path, fmt::format("cannot read the {} ({})", kind.noun, std::strerror(errno)));
    }
    if (got == 0) break;
    done += static_cast<std::size_t>(got);
  }
  out.resize(done);
}

std::string cap_text(std::uint64_t cap) {
  if (cap % (std::uint64_t{1} << 20) == 0) return fmt::format("{} bytes ({} MiB)", cap, cap >> 20);
  return fmt::format("{} bytes", cap);
}

}  // namespace

std::string read_bounded(const std::string& path, const file_kind& kind) {
  const bounded_file f(path, kind);
  if (f.size() > kind.cap) {
    fail(path, fmt::format("the {} is {} bytes, more than the {} a {} may have", kind.noun, f.size(), kind.cap,
                           kind.noun));
  }
  // One byte past the size: a file that grew after fstat is refused, not read whole.
  std::string text = f.read_at(0, f.size() + 1);
  if (text.size() > f.size()) fail(path, fmt::format("the {} grew while it was read", kind.noun));
  return text;
}

bounded_file::bounded_file(const std::string& path, const file_kind& kind) : path_(path), kind_(kind) {
  fd_ = open_regular(path, kind, size_);
}

bounded_file::~bounded_file() {
  if (fd_ >= 0) ::close(fd_);
}

std::string bounded_file::read_at(std::uint64_t offset, std::uint64_t n) const {
  // n may be cap + 1 (read_bounded's probe for a grown file); anything larger is refused here.
  if (n > kind_.cap + 1) {
    fail(path_, fmt::format("the {} would be more than the {} a {} may have", kind_.noun, cap_text(kind_.cap), kind_.noun));
  }
  std::string out;
  read_range(fd_, path_, kind_, offset, n, out);
  if (out.size() > kind_.cap) {
    fail(path_, fmt::format("the {} is more than the {} a {} may have", kind_.noun, cap_text(kind_.cap), kind_.noun));
  }
  return out;
}

fs::path confined_path(const fs::path& root, std::string_view entry, std::string_view named_in) {
  auto refuse = [&] {
    throw file_error(printable(fmt::format("{}: `{}` leads outside the folder {}", named_in, elided(entry),
                                           root.string())));
  };
  const fs::path rel(entry);
  if (entry.empty() || rel.is_absolute() || rel.has_root_name()) refuse();
  std::error_code ec;
  const fs::path base = fs::canonical(root, ec);
  if (ec) throw file_error(printable(fmt::format("{}: cannot resolve the folder ({})", root.string(), ec.message())));
  // weakly_canonical: symbolic links of the existing part resolved, `..` folded; a missing
  // file keeps its name so that reading it reports it missing.
  const fs::path full = fs::weakly_canonical(base / rel, ec);
  if (ec) refuse();
  auto b = base.begin();
  auto f = full.begin();
  for (; b != base.end(); ++b, ++f) {
    if (f == full.end() || *f != *b) refuse();
  }
  if (f == full.end()) refuse();  // the folder itself
  // As the user spelled it, so that messages name the file as given.
  return (root / rel).lexically_normal();
}

std::string elided(std::string_view text, std::size_t keep) {
  if (text.size() <= keep + 32) return std::string(text);
  // Cut on a UTF-8 character boundary so that printable() keeps the kept part intact.
  std::size_t cut = keep;
  while (cut > 0 && (static_cast<unsigned char>(text[cut]) & 0xC0) == 0x80) --cut;
  return fmt::format("{}... ({} bytes elided)", text.substr(0, cut), text.size() - cut);
}

}  // namespace headroom::cli
