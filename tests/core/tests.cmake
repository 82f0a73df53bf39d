lectio_test(core source)
lectio_test(core text)
lectio_test(core data_dir)
lectio_test(core password)
