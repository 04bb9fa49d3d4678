// SPDX-License-Identifier: MIT
#include "headroom/io/output.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <cerrno>
#include <csignal>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <stdexcept>
#include <string_view>
#include <system_error>
#include <vector>

#include <pthread.h>
#include <signal.h>
#include <sys/stat.h>
#include <unistd.h>

#include "headroom/args/common.hpp"

namespace headroom::cli {

namespace fs = std::filesystem;

namespace {
fs::path folder_of(const std::string& path) {
  const fs::path parent = fs::path(path).parent_path();
  return parent.empty() ? fs::path(".") : parent;
}

// What may be replaced: nothing, or a regular file. A symbolic link is refused rather than
// followed (rename would replace the link itself, and following it would write wherever it
// points); a device, FIFO, socket or folder is refused (as root, renaming over /dev/null would
// replace the real one).
void refuse_unless_regular_or_absent(const std::string& path) {
  struct stat st {};
  if (::lstat(path.c_str(), &st) != 0) {
    if (errno == ENOENT) return;
    throw usage_error(fmt::format("-o {}: cannot inspect the path ({})", path, std::strerror(errno)));
  }
  if (S_ISLNK(st.st_mode)) throw usage_error(fmt::format("-o: `{}` is a symbolic link (refused; name its target)", path));
  if (S_ISDIR(st.st_mode)) throw usage_error(fmt::format("-o: `{}` is a folder", path));
  if (!S_ISREG(st.st_mode)) {
    throw usage_error(fmt::format("-o: `{}` is not a regular file (a device, FIFO or socket; refused)", path));
  }
}

// The temporary file, for the signal handler: set while it exists, cleared once renamed or
// removed. Fixed storage, because a handler may only call async-signal-safe functions.
char temp_path[4096];
volatile std::sig_atomic_t temp_exists = 0;

extern "C" void remove_temp_and_reraise(int sig) {
  if (temp_exists != 0) ::unlink(temp_path);
  std::signal(sig, SIG_DFL);
  std::raise(sig);
}

// Installs the cleanup for the signals a user or a job control sends (INT, TERM, HUP) and
// ignores SIGXFSZ, so that a file-size limit makes write() fail with EFBIG and the normal error
// path removes the temporary file; restores the previous dispositions when destroyed.
class temp_guard {
 public:
  explicit temp_guard(const std::string& tmp) {
    const std::size_t n = std::min(tmp.size(), sizeof(temp_path) - 1);
    std::memcpy(temp_path, tmp.data(), n);
    temp_path[n] = '\0';
    temp_exists = 1;
    for (std::size_t i = 0; i < caught.size(); ++i) previous_[i] = std::signal(caught[i], remove_temp_and_reraise);
    previous_xfsz_ = std::signal(SIGXFSZ, SIG_IGN);
  }
  temp_guard(const temp_guard&) = delete;
  temp_guard& operator=(const temp_guard&) = delete;
  /// The temporary file is gone (renamed or removed): a later signal has nothing to clean.
  void release() { temp_exists = 0; }
  ~temp_guard() {
    temp_exists = 0;
    for (std::size_t i = 0; i < caught.size(); ++i) std::signal(caught[i], previous_[i]);
    std::signal(SIGXFSZ, previous_xfsz_);
  }

 private:
  static constexpr std::array<int, 3> caught{SIGINT, SIGTERM, SIGHUP};
  std::array<void (*)(int), 3> previous_{};
  void (*previous_xfsz_)(int) = nullptr;
};
}  // namespace

void check_output_path(const std::string& path) {
  if (path.empty()) throw usage_error("-o: expected a file name, got an empty string");
  std::error_code ec;
  const fs::path folder = folder_of(path);
  if (!fs::is_directory(folder, ec)) {
    throw usage_error(fmt::format("-o: folder `{}` does not exist", fs::path(path).parent_path().string()));
  }
  refuse_unless_regular_or_absent(path);
}

void write_output(const std::string& text, const std::string& path) {
  if (path.empty()) {
    if (std::fwrite(text.data(), 1, text.size(), stdout) != text.size() || std::fflush(stdout) != 0) {
      throw std::runtime_error(fmt::format("cannot write to stdout ({})", std::strerror(errno)));
    }
    return;
  }
  // Checked again here: the path may have changed since the input was checked.
  refuse_unless_regular_or_absent(path);
  struct stat existing {};
  const bool replacing = ::lstat(path.c_str(), &existing) == 0;
  const std::string name = fs::path(path).filename().string();
  // The temporary name is `.` + name + `.XXXXXX`: 8 bytes more, so a name of 248 to 255 bytes
  // (NAME_MAX) would not fit; its first 200 bytes identify it well enough.
  std::string temp_name = ".";
  temp_name.append(name, 0, 200);
  temp_name += ".XXXXXX";
  std::string tmpl = (folder_of(path) / temp_name).string();
  std::vector<char> buf(tmpl.begin(), tmpl.end());
  buf.push_back('\0');
  // The caught signals are blocked from creating the file until its cleanup is installed: a
  // signal in between would otherwise leave the file behind. One pending is delivered (and
  // cleans up) when they are unblocked.
  sigset_t caught_set;
  sigset_t previous_set;
  sigemptyset(&caught_set);
  for (const int sig : {SIGINT, SIGTERM, SIGHUP}) sigaddset(&caught_set, sig);
  ::pthread_sigmask(SIG_BLOCK, &caught_set, &previous_set);
  const int fd = ::mkstemp(buf.data());
  if (fd < 0) {
    const int err = errno;
    ::pthread_sigmask(SIG_SETMASK, &previous_set, nullptr);
    throw std::runtime_error(fmt::format("-o {}: cannot create a temporary file ({})", path, std::strerror(err)));
  }
  const std::string tmp(buf.data());
  temp_guard guard(tmp);
  ::pthread_sigmask(SIG_SETMASK, &previous_set, nullptr);
  auto fail = [&](std::string_view what) {
    const int err = errno;
    ::close(fd);
    ::unlink(tmp.c_str());
    throw std::runtime_error(fmt::format("-o {}: {} ({})", path, what, std::strerror(err)));
  };
  // mkstemp creates the file 0600: a replaced file keeps its own mode (and, where allowed, its
  // owner); a new one gets the permissions of any new file.
  mode_t mode = 0;
  if (replacing) {
    mode = static_cast<mode_t>(existing.st_mode & 07777);
    if (::fchown(fd, existing.st_uid, existing.st_gid) != 0) {
      // Only root may give a file away; otherwise the owner stays the caller, as for any new file.
    }
  } else {
    const mode_t mask = ::umask(0);
    ::umask(mask);
    mode = static_cast<mode_t>(0666 & ~mask);
  }
  if (::fchmod(fd, mode) != 0) fail("cannot set permissions");
  std::size_t done = 0;
  while (done < text.size()) {
    const ssize_t n = ::write(fd, text.data() + done, text.size() - done);
    if (n < 0) {
      if (errno == EINTR) continue;
      fail("cannot write");
    }
    done += static_cast<std::size_t>(n);
  }
  if (::close(fd) != 0) {
    const int err = errno;
    ::unlink(tmp.c_str());
    throw std::runtime_error(fmt::format("-o {}: cannot write ({})", path, std::strerror(err)));
  }
  if (std::rename(tmp.c_str(), path.c_str()) != 0) {
    const int err = errno;
    ::unlink(tmp.c_str());
    throw std::runtime_error(fmt::format("-o {}: cannot rename the temporary file ({})", path, std::strerror(err)));
  }
  guard.release();
}

}  // namespace headroom::cli
