lectio_test(llm json_repair)
lectio_test(llm chat_client)
