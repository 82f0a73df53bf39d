lectio_test(cli source_commands DEPS nlohmann_json::nlohmann_json)
lectio_test(cli summarize DEPS nlohmann_json::nlohmann_json)
lectio_test(cli lesson DEPS nlohmann_json::nlohmann_json)
