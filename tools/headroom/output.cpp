// SPDX-License-Identifier: MIT
#include "headroom/output.hpp"

#include <fmt/format.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <stdexcept>
#include <string_view>
#include <system_error>
#include <vector>

#include <sys/stat.h>
#include <unistd.h>

#include "headroom/common.hpp"

namespace headroom::cli {

namespace fs = std::filesystem;

namespace {
fs::path folder_of(const std::string& path) {
  const fs::path parent = fs::path(path).parent_path();
  return parent.empty() ? fs::path(".") : parent;
}
}  // namespace

void check_output_path(const std::string& path) {
  if (path.empty()) throw usage_error("-o: expected a file name");
  std::error_code ec;
  const fs::path folder = folder_of(path);
  if (!fs::is_directory(folder, ec)) {
    throw usage_error(fmt::format("-o: folder `{}` does not exist", fs::path(path).parent_path().string()));
  }
  if (fs::is_directory(fs::path(path), ec)) throw usage_error(fmt::format("-o: `{}` is a folder", path));
}

void write_output(const std::string& text, const std::string& path) {
  if (path.empty()) {
    if (std::fwrite(text.data(), 1, text.size(), stdout) != text.size() || std::fflush(stdout) != 0) {
      throw std::runtime_error(fmt::format("cannot write to stdout ({})", std::strerror(errno)));
    }
    return;
  }
  const std::string name = fs::path(path).filename().string();
  std::string tmpl = (folder_of(path) / ("." + name + ".XXXXXX")).string();
  std::vector<char> buf(tmpl.begin(), tmpl.end());
  buf.push_back('\0');
  const int fd = ::mkstemp(buf.data());
  if (fd < 0) throw std::runtime_error(fmt::format("-o {}: cannot create a temporary file ({})", path, std::strerror(errno)));
  const std::string tmp(buf.data());
  auto fail = [&](std::string_view what) {
    const int err = errno;
    ::close(fd);
    ::unlink(tmp.c_str());
    throw std::runtime_error(fmt::format("-o {}: {} ({})", path, what, std::strerror(err)));
  };
  // mkstemp creates the file 0600; a generated file gets the permissions of any new file.
  const mode_t mask = ::umask(0);
  ::umask(mask);
  if (::fchmod(fd, static_cast<mode_t>(0666 & ~mask)) != 0) fail("cannot set permissions");
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
}

}  // namespace headroom::cli
