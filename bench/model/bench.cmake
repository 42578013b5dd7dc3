# The common model's memory per key, per value kind (bench/model/run).
add_executable(model_bench ${CMAKE_CURRENT_LIST_DIR}/model_bench.c)
target_compile_options(model_bench PRIVATE ${AK_WARNINGS})
target_link_libraries(model_bench PRIVATE animkit)
add_dependencies(bench_all model_bench)
