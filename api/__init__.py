"""The JSON API under /api/v1/ (Django REST framework, schema by drf-spectacular).

It reads what the public pages read, with the same visibility (`tournament.visibility`), and
writes only through the services the pages use (`scoring.services`, `tournament.services`), so
a hand saved through the API is the same hand, with the same checks, as one saved on the page.
Who may do what: `api.principals`; the tokens: `api.models.ApiToken`, `api.tokens`.
"""
