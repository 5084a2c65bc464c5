"""Adapters to other frameworks, each behind its own extra.

* :mod:`tysiac.contrib.pettingzoo` (``pip install "tysiac[pettingzoo]"``): an AEC
  environment for PettingZoo.
* :mod:`tysiac.contrib.openspiel` (``pip install "tysiac[openspiel]"``): the OpenSpiel game
  ``python_tysiac``, registered on import.

Importing :mod:`tysiac` never imports these modules (nor numpy, gymnasium, pettingzoo or
pyspiel): import the adapter you need.
"""
