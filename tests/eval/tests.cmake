lectio_test(eval rouge)
lectio_test(eval ir_eval)
