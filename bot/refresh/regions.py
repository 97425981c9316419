"""Where a catalog location is: (jurisdiction, ISO country) from a provider's region or zone name.

Data, not logic: a location we cannot place is "other" and never satisfies a residency rule.
"""

from __future__ import annotations

import re

EU = frozenset(["AT", "BE", "BG", "HR", "CY", "CZ", "DK", "EE", "FI", "FR", "DE", "GR", "HU", "IE", "IT", "LV", "LT", "LU", "MT", "NL", "PL", "PT", "RO", "SK", "SI", "ES", "SE"])

# City or region words in provider location names -> ISO country.
PLACES = {
    "ireland": "IE", "frankfurt": "DE", "germany": "DE", "berlin": "DE", "paris": "FR", "france": "FR",
    "marseille": "FR", "amsterdam": "NL", "netherlands": "NL", "madrid": "ES", "spain": "ES", "milan": "IT",
    "italy": "IT", "turin": "IT", "stockholm": "SE", "sweden": "SE", "warsaw": "PL", "poland": "PL",
    "finland": "FI", "london": "GB", "uk": "GB", "zurich": "CH", "switzerland": "CH", "norway": "NO",
    "westeurope": "NL", "northeurope": "IE", "belgium": "BE",
}
# Exact region names of the clouds gpuhunt publishes (AWS, GCP, Azure, Lambda, Nebius, OCI, Verda).
REGIONS = {
    "eu-west-1": "IE", "eu-west-2": "GB", "eu-west-3": "FR", "eu-central-1": "DE", "eu-central-2": "CH",
    "eu-north-1": "SE", "eu-south-1": "IT", "eu-south-2": "ES",
    "europe-west1": "BE", "europe-west2": "GB", "europe-west3": "DE", "europe-west4": "NL",
    "europe-west6": "CH", "europe-west8": "IT", "europe-west9": "FR", "europe-west10": "DE",
    "europe-west12": "IT", "europe-southwest1": "ES", "europe-north1": "FI", "europe-north2": "SE",
    "europe-central2": "PL",
    "francecentral": "FR", "germanywestcentral": "DE", "swedencentral": "SE", "italynorth": "IT",
    "polandcentral": "PL", "spaincentral": "ES", "uksouth": "GB", "ukwest": "GB", "switzerlandnorth": "CH",
    "norwayeast": "NO",
    "europe-central-1": "DE",
    "eu-north1": "FI", "eu-west1": "FR", "uk-south1": "GB",
    "fin-01": "FI", "fin-02": "FI", "fin-03": "FI", "ice-01": "IS",
}
_ZONE = re.compile(r"^([a-z]+-[a-z]+\d+)-[a-z]$")  # GCP zone "europe-west4-a" -> region "europe-west4"
_CODE = re.compile(r"^(?:eur?|us|ca)-([a-z]{2})-\d+$")  # RunPod "EU-RO-1", "EUR-IS-1", "US-TX-3"


def place(location: str) -> tuple[str, str | None]:
    """(jurisdiction, country): "EU", "US", "UK", "CA" or "other", and the ISO country when known."""
    loc = location.strip().lower()
    loc = _ZONE.sub(r"\1", loc)
    country = REGIONS.get(loc)
    if country is None and (code := _CODE.match(loc)):
        if loc.startswith("us-"):
            return "US", "US"
        country = "CA" if loc.startswith("ca-") else code.group(1).upper()
    if country is None:
        country = next((c for word, c in PLACES.items() if word in re.split(r"[-_\s]", loc) or word == loc), None)
    if country is None:
        if loc.startswith(("us-", "us_")) or re.fullmatch(r"(north|south|east|west|central|northcentral|"
                                                         r"southcentral|westcentral)us\d?", loc):
            return "US", "US"
        if loc.startswith(("ca-", "canada", "northamerica-northeast")):
            return "CA", "CA"
        return "other", None
    if country in EU:
        return "EU", country
    return {"GB": "UK", "US": "US", "CA": "CA"}.get(country, "other"), country
