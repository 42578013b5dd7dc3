# libanimkit from the object libraries: `animkit`, the static archive the
# command line and the tests link, and `animkit_shared` (libanimkit.so with
# a versioned soname); both installed with the public header, animkit.pc
# and a CMake package (find_package(animkit CONFIG): animkit::animkit, the
# shared library, and animkit::animkit_static).
include(GNUInstallDirs)
include(CMakePackageConfigHelpers)

get_property(AK_SHARED_OBJECT_LIBS GLOBAL PROPERTY AK_SHARED_OBJECT_LIBS)
get_property(AK_FORMAT_LIBS GLOBAL PROPERTY AK_FORMAT_LIBS)
get_property(AK_EXTERNAL_LIBS GLOBAL PROPERTY AK_EXTERNAL_LIBS)
list(REMOVE_DUPLICATES AK_EXTERNAL_LIBS)
set(_objects "")
foreach(lib animkit_builtin animkit_runtime ${AK_SHARED_OBJECT_LIBS} ${AK_FORMAT_LIBS})
  list(APPEND _objects $<TARGET_OBJECTS:${lib}>)
endforeach()

add_library(animkit STATIC ${_objects})
# In the build tree the tests also reach the runtime's internal headers.
target_include_directories(animkit PUBLIC
  $<BUILD_INTERFACE:${CMAKE_SOURCE_DIR}/include> $<BUILD_INTERFACE:${CMAKE_SOURCE_DIR}/runtime>
  $<INSTALL_INTERFACE:${CMAKE_INSTALL_INCLUDEDIR}>)
target_link_libraries(animkit PUBLIC m ${AK_EXTERNAL_LIBS})
set_target_properties(animkit PROPERTIES EXPORT_NAME animkit_static)
if(AK_WASM)
  return() # the reactor links the archive; nothing is installed
endif()

# The soname: libanimkit.so.MAJOR, or libanimkit.so.0.MINOR before 1.0, when
# a minor version may change the interface (CHANGELOG.md).
if(PROJECT_VERSION_MAJOR EQUAL 0)
  set(AK_SOVERSION 0.${PROJECT_VERSION_MINOR})
else()
  set(AK_SOVERSION ${PROJECT_VERSION_MAJOR})
endif()
add_library(animkit_shared SHARED ${_objects})
target_include_directories(animkit_shared PUBLIC
  $<BUILD_INTERFACE:${CMAKE_SOURCE_DIR}/include> $<INSTALL_INTERFACE:${CMAKE_INSTALL_INCLUDEDIR}>)
target_link_libraries(animkit_shared PRIVATE m ${AK_EXTERNAL_LIBS})
set_target_properties(animkit_shared PROPERTIES
  OUTPUT_NAME animkit EXPORT_NAME animkit
  VERSION ${PROJECT_VERSION} SOVERSION ${AK_SOVERSION})
# Every symbol the library needs is resolved at link time (not under the
# sanitizers, whose runtime only the executable carries).
if(NOT AK_SANITIZE AND NOT AK_FUZZ AND NOT AK_COVERAGE)
  target_link_options(animkit_shared PRIVATE -Wl,--no-undefined)
endif()
add_library(animkit::animkit ALIAS animkit_shared)
add_library(animkit::animkit_static ALIAS animkit)

# ---- install -------------------------------------------------------------
set(AK_CMAKE_PACKAGE_DIR ${CMAKE_INSTALL_LIBDIR}/cmake/animkit)
install(TARGETS animkit animkit_shared EXPORT animkitTargets
  ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR}
  LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR}
  RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
install(FILES ${CMAKE_SOURCE_DIR}/include/animkit/animkit.h
  DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}/animkit)
install(EXPORT animkitTargets NAMESPACE animkit:: DESTINATION ${AK_CMAKE_PACKAGE_DIR})
configure_package_config_file(${CMAKE_CURRENT_LIST_DIR}/animkitConfig.cmake.in
  ${CMAKE_BINARY_DIR}/animkitConfig.cmake INSTALL_DESTINATION ${AK_CMAKE_PACKAGE_DIR})
write_basic_package_version_file(${CMAKE_BINARY_DIR}/animkitConfigVersion.cmake
  VERSION ${PROJECT_VERSION} COMPATIBILITY SameMinorVersion)
install(FILES ${CMAKE_BINARY_DIR}/animkitConfig.cmake ${CMAKE_BINARY_DIR}/animkitConfigVersion.cmake
  DESTINATION ${AK_CMAKE_PACKAGE_DIR})

# animkit.pc: relocatable (the prefix is found from the file's own place),
# so that `cmake --install --prefix DIR` and DESTDIR give a working file.
# The private dependencies are what a static link needs (pkg-config --static).
set(AK_PC_REQUIRES_PRIVATE "")
set(AK_PC_LIBS_PRIVATE "")
foreach(lib ${AK_EXTERNAL_LIBS})
  if(lib STREQUAL "lzma")
    list(APPEND AK_PC_REQUIRES_PRIVATE liblzma)
  elseif(lib STREQUAL "lz4")
    list(APPEND AK_PC_REQUIRES_PRIVATE liblz4)
  else()
    string(APPEND AK_PC_LIBS_PRIVATE " -l${lib}")
  endif()
endforeach()
string(APPEND AK_PC_LIBS_PRIVATE " -lm")
string(STRIP "${AK_PC_LIBS_PRIVATE}" AK_PC_LIBS_PRIVATE)
list(JOIN AK_PC_REQUIRES_PRIVATE ", " AK_PC_REQUIRES_PRIVATE)
set(AK_PC_DIR ${CMAKE_INSTALL_LIBDIR}/pkgconfig)
if(IS_ABSOLUTE "${CMAKE_INSTALL_LIBDIR}" OR IS_ABSOLUTE "${CMAKE_INSTALL_INCLUDEDIR}")
  # folders given as absolute paths: the file says them as they are
  set(AK_PC_PREFIX ${CMAKE_INSTALL_PREFIX})
  set(AK_PC_INCLUDEDIR ${CMAKE_INSTALL_FULL_INCLUDEDIR})
  set(AK_PC_LIBDIR ${CMAKE_INSTALL_FULL_LIBDIR})
else()
  file(RELATIVE_PATH _up /prefix/${AK_PC_DIR} /prefix)
  string(REGEX REPLACE "/$" "" _up "${_up}")
  set(AK_PC_PREFIX "\${pcfiledir}/${_up}")
  set(AK_PC_INCLUDEDIR "\${prefix}/${CMAKE_INSTALL_INCLUDEDIR}")
  set(AK_PC_LIBDIR "\${prefix}/${CMAKE_INSTALL_LIBDIR}")
endif()
configure_file(${CMAKE_CURRENT_LIST_DIR}/animkit.pc.in ${CMAKE_BINARY_DIR}/animkit.pc @ONLY)
install(FILES ${CMAKE_BINARY_DIR}/animkit.pc DESTINATION ${AK_PC_DIR})
