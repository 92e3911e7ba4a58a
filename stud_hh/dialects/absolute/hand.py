def parser(use_cython=None): raise NotImplementedError
