"""The API's endpoints as its published schema lists them, and their addresses made concrete
for the tournaments of `tests.factories.build_api_world` (tournament A, session 2, table 1,
hand 1). Shared by the role walk, the conditional reads and the schema checks."""

import re

import yaml
from django.urls import reverse


def document(client):
    return yaml.safe_load(
        client.get(reverse("api-schema"), HTTP_ACCEPT="application/vnd.oai.openapi").content
    )


def operations(client):
    for path, item in document(client)["paths"].items():
        for method in item:
            if method in ("get", "post", "put", "patch", "delete"):
                yield method, path


def concrete(path, world):
    values = {
        "slug": world["a"].slug,
        "number": "2",
        "table": "1",
        "hand": "1",
        "season": world["season"].slug,
    }
    return re.sub(r"\{(\w+)\}", lambda match: values[match.group(1)], path)
