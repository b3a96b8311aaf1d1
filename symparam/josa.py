"""Korean particles chosen by the sound a word ends in, as a Korean writer chooses them.

A particle such as 은/는 depends on whether the word before it ends in a consonant (받침):
"헤드 수 h는", "레이어 수 N은". Language strings write the particle as a format spec of the
field it follows — ``{symbol:은}``, ``{owner:를}`` — and :func:`attach` picks the form. Words
in Latin script (symbols, tensor names) are read as Korean readers say them: a letter by its
name (l, m, n, r end in a consonant: 엘, 엠, 엔, 알), a word as its loanword (``embedding`` →
임베딩 ends in ㅇ; ``weight`` → 웨이트 does not), digits as Sino-Korean numbers.

>>> attach("h", "은"), attach("N", "은"), attach("transformer.wte.weight", "를")
('는', '은', '를')
>>> attach("lm_head", "과"), attach("12", "이"), attach("embedding", "으로")
('와', '가', '으로')
>>> attach("$12H^{2}$", "이"), attach("$d_{\\mathrm{ff}} = 8H/3$", "으로")
('이', '으로')
"""

from __future__ import annotations

import re

#: each particle: (after a consonant, after a vowel); 으로 takes 로 after ㄹ as well
PAIRS = {"은": ("은", "는"), "는": ("은", "는"), "이": ("이", "가"), "가": ("이", "가"),
         "을": ("을", "를"), "를": ("을", "를"), "과": ("과", "와"), "와": ("과", "와"),
         "으로": ("으로", "로"), "로": ("으로", "로")}

#: Latin letters whose Korean names end in a consonant (엘, 엠, 엔, 알)
_LETTERS_CLOSED = set("lmnrLMNR")
#: digits whose Sino-Korean readings end in a consonant (영, 일, 삼, 육, 칠, 팔), and ㄹ ones
_DIGITS_CLOSED = set("013678")
_DIGITS_RIEUL = set("178")


def _final(text: str) -> tuple[bool, bool]:
    """Whether ``text`` is read ending in a consonant, and whether that consonant is ㄹ."""
    plain = re.sub(r"\\[A-Za-z]+|[{}$`\\\s]", "", text)  # LaTeX commands, braces, code marks
    plain = plain.rstrip(".,;:)]'\"")
    if not plain:
        return False, False
    if re.search(r"(\^\d+|[²³])$", plain):  # a power: 제곱 (H² → 에이치 제곱)
        return True, False
    last = plain[-1]
    if "가" <= last <= "힣":
        coda = (ord(last) - ord("가")) % 28
        return coda != 0, coda == 8
    if last.isdigit():
        return last in _DIGITS_CLOSED, last in _DIGITS_RIEUL
    word = re.findall(r"[A-Za-z]+", plain)
    if not word:
        return False, False
    tail = word[-1]
    if len(tail) == 1 or tail.isupper():  # a symbol or an acronym: letter by letter
        return tail[-1] in _LETTERS_CLOSED, tail[-1] in "lLrR"
    lower = tail.lower()
    if lower.endswith(("ng", "m", "n")):  # 임베딩, 트랜스포머의 끝소리 없음, 토큰
        return True, False
    if lower.endswith("l"):
        return True, True
    return False, False  # weight → 웨이트, head → 헤드, layer → 레이어


def attach(text: str, particle: str) -> str:
    """The form of ``particle`` that follows ``text``."""
    closed, rieul = _final(text)
    after_consonant, after_vowel = PAIRS[particle]
    if after_consonant == "으로" and rieul:
        return after_vowel
    return after_consonant if closed else after_vowel
