# ak_animgen(<out-var> <file.layout|file.schema>): runs animgen on a format's
# declaration; defined by gen/CMakeLists.txt once animgen exists.
