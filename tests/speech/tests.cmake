lectio_test(speech audio)
lectio_test(speech publish_files LABELS audio DEPS nlohmann_json::nlohmann_json)
lectio_test(speech normalize)
lectio_test(speech normalize_zh)
lectio_test(speech lexicon)
lectio_test(speech render LABELS audio DEPS nlohmann_json::nlohmann_json)
lectio_test(speech synthesizer LABELS audio)
lectio_test(speech server_voice LABELS audio
            DEPS PkgConfig::HTTPLIB nlohmann_json::nlohmann_json fmt::fmt Threads::Threads)
