lectio_test(cli source_commands DEPS nlohmann_json::nlohmann_json)
