lectio_test(lesson brief)
