# SPDX-License-Identifier: MIT
# Resolves the Boost.Hana target once, whichever way it was installed: Debian's Boost CMake
# package gives Boost::headers (no Boost::hana target), Boost's superproject build gives
# Boost::hana, standalone Hana exports an un-namespaced `hana`. Installed with the package so a
# consumer's find_package(headroom) resolves it the same way.
if(NOT DEFINED HEADROOM_HANA_TARGET)
  if(TARGET Boost::hana)
    set(HEADROOM_HANA_TARGET Boost::hana)
  elseif(TARGET hana)
    set(HEADROOM_HANA_TARGET hana)
  else()
    find_package(Boost 1.74 CONFIG QUIET COMPONENTS headers)
    if(TARGET Boost::headers)
      set(HEADROOM_HANA_TARGET Boost::headers)
    else()
      find_package(Hana CONFIG QUIET)
      if(TARGET hana)
        set(HEADROOM_HANA_TARGET hana)
      else()
        message(FATAL_ERROR "headroom needs Boost.Hana: install Debian's libboost1.81-dev (or libboost-dev)")
      endif()
    endif()
  endif()
endif()
