# Writes whatenc.pc and whatencConfig.cmake into WHATENC_FILES_DIR from the
# templates, for the install that includes this script (install(CODE) in
# CMakeLists.txt): CMAKE_INSTALL_PREFIX is that install's prefix, which
# `cmake --install --prefix` may have changed since configure.
# Inputs: WHATENC_SOURCE_DIR, WHATENC_FILES_DIR, WHATENC_VERSION,
# WHATENC_SONAME, and WHATENC_LIBDIR and WHATENC_INCLUDEDIR, which are
# CMAKE_INSTALL_LIBDIR and CMAKE_INSTALL_INCLUDEDIR: relative to the prefix,
# or absolute.

function(whatenc_write_install_files)
  foreach(dir IN ITEMS LIBDIR INCLUDEDIR)
    if(IS_ABSOLUTE "${WHATENC_${dir}}")
      set(${dir} "${WHATENC_${dir}}")
    else()
      set(${dir} "${CMAKE_INSTALL_PREFIX}/${WHATENC_${dir}}")
    endif()
  endforeach()
  set(PREFIX "${CMAKE_INSTALL_PREFIX}")
  set(VERSION "${WHATENC_VERSION}")
  configure_file("${WHATENC_SOURCE_DIR}/pkgconfig/whatenc.pc.in" "${WHATENC_FILES_DIR}/whatenc.pc" @ONLY)

  # Relocatable when both directories are under the prefix, as the
  # Makefile's install does; otherwise no relative path from the config
  # reaches them, and it names them by absolute path.
  if(NOT IS_ABSOLUTE "${WHATENC_LIBDIR}" AND NOT IS_ABSOLUTE "${WHATENC_INCLUDEDIR}")
    file(RELATIVE_PATH WHATENC_CONFIG_TO_PREFIX "${LIBDIR}/cmake/whatenc" "${PREFIX}")
    set(WHATENC_CONFIG_LIBDIR "\${_whatenc_prefix}/${WHATENC_LIBDIR}")
    set(WHATENC_CONFIG_INCLUDEDIR "\${_whatenc_prefix}/${WHATENC_INCLUDEDIR}")
  else()
    set(WHATENC_CONFIG_TO_PREFIX .)
    set(WHATENC_CONFIG_LIBDIR "${LIBDIR}")
    set(WHATENC_CONFIG_INCLUDEDIR "${INCLUDEDIR}")
  endif()
  configure_file("${WHATENC_SOURCE_DIR}/cmake/whatencConfig.cmake.in"
    "${WHATENC_FILES_DIR}/whatencConfig.cmake" @ONLY)
endfunction()

whatenc_write_install_files()
