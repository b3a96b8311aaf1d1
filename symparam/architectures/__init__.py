"""The architecture families, one module each, with the model types each serves; the registry
that lists them is :mod:`symparam.catalog`."""
