lectio_test(media media)
