"""The active ISO 4217 currency codes and the digits of their minor unit.

Funds and precious metals without a minor unit (XAU, XDR, XXX...) are not money a
card table plays for and are left out. A table without a currency counts in hundredths.

The digits are ISO 4217's, not CLDR's (Babel's ``get_currency_precision``): CLDR gives
the digits people write, which differ for 14 currencies (IQD 0 where ISO says 3; AFN,
ALL, IRR and ten more 0 where ISO says 2). A stored session keeps its money in the minor
unit of ISO 4217, as payment orders do; reading it with CLDR's digits would change what
every stored figure means.
"""

from __future__ import annotations

import re

from scorekeeper.core.errors import refuse
from scorekeeper.core.text import quote

NO_CURRENCY_DIGITS = 2

_BY_DIGITS: dict[int, str] = {
    0: "BIF CLP DJF GNF ISK JPY KMF KRW PYG RWF UGX UYI VND VUV XAF XOF XPF",
    3: "BHD IQD JOD KWD LYD OMR TND",
    4: "CLF UYW",
    2: (
        "AED AFN ALL AMD ANG AOA ARS AUD AWG AZN BAM BBD BDT BGN BMD BND BOB BOV BRL BSD "
        "BTN BWP BYN BZD CAD CDF CHE CHF CHW CNY COP COU CRC CUP CVE CZK DKK DOP DZD EGP "
        "ERN ETB EUR FJD FKP GBP GEL GHS GIP GMD GTQ GYD HKD HNL HTG HUF IDR ILS INR IRR "
        "JMD KES KGS KHR KPW KYD KZT LAK LBP LKR LRD LSL MAD MDL MGA MKD MMK MNT MOP MRU "
        "MUR MVR MWK MXN MXV MYR MZN NAD NGN NIO NOK NPR NZD PAB PEN PGK PHP PKR PLN QAR "
        "RON RSD RUB SAR SBD SCR SDG SEK SGD SHP SLE SLL SOS SRD SSP STN SVC SYP SZL THB "
        "TJS TMT TOP TRY TTD TWD TZS UAH USD USN UYU UZS VED VES WST XCD XCG YER ZAR ZMW "
        "ZWG ZWL"
    ),
}
MINOR_DIGITS: dict[str, int] = {
    code: digits for digits, codes in _BY_DIGITS.items() for code in codes.split()
}

_CODE = re.compile(r"[A-Za-z]{3}")


def minor_digits(currency: str | None) -> int:
    """Digits after the decimal point: 2 for SEK, 0 for JPY, 3 for KWD; 2 without a currency."""
    return MINOR_DIGITS.get(currency or "", NO_CURRENCY_DIGITS)


def currency_code(text: object) -> str | None:
    """The ISO 4217 code a table plays in ("sek" is SEK); None when none is given."""
    if text is None:
        return None
    if not isinstance(text, str):
        raise refuse("setup.currency_unknown", currency=quote(text))
    code = text.strip()
    if not code:
        return None
    if not _CODE.fullmatch(code) or code.upper() not in MINOR_DIGITS:
        raise refuse("setup.currency_unknown", currency=quote(code))
    return code.upper()
