lectio_test(eval rouge)
lectio_test(eval ir_eval)
lectio_test(eval linear_models)
lectio_test(eval boosted_trees)
