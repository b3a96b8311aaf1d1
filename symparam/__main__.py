"""``python -m symparam``."""

import sys

from symparam.cli import main

sys.exit(main())
