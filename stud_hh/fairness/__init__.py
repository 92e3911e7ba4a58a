"""Is the deal fair? Tests of a sample of hands against a uniformly shuffled deck.

Players who lose a run of hands ask it on every forum; an auditor asks it of a site. The
answer uses only cards whose showing does not depend on play (``model``), compares them
with exact probabilities (``exact``) by tests each stating what it could detect
(``checks``), and corrects for testing several things at once (``audit``). Pure: the
database side is ``pipelines.fairness``.
"""

from stud_hh.fairness.audit import DEFAULT_ALPHA, audit_deal, holm
from stud_hh.fairness.exact import START_CATEGORIES, START_PROBABILITIES, start_category
from stud_hh.fairness.model import Category, DealHand, DealTest, FairnessReport

__all__ = [
    "DEFAULT_ALPHA",
    "START_CATEGORIES",
    "START_PROBABILITIES",
    "Category",
    "DealHand",
    "DealTest",
    "FairnessReport",
    "audit_deal",
    "holm",
    "start_category",
]
