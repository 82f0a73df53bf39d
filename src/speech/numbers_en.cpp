// Being written; see include/lectio/speech/.
