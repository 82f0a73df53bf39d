lectio_test(pipeline make_lesson DEPS lectio_ingest)
lectio_test(pipeline make_lesson_audio LABELS audio DEPS lectio_ingest)
lectio_test(pipeline lesson_edit_media LABELS audio DEPS lectio_ingest)
