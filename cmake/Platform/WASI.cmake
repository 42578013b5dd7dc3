# CMake's platform file for WASI (cmake/wasm32-wasi.cmake puts this folder
# on CMAKE_MODULE_PATH): one module, no shared libraries, .wasm programs.
set_property(GLOBAL PROPERTY TARGET_SUPPORTS_SHARED_LIBS FALSE)
set(CMAKE_EXECUTABLE_SUFFIX .wasm)
set(CMAKE_STATIC_LIBRARY_PREFIX lib)
set(CMAKE_STATIC_LIBRARY_SUFFIX .a)
