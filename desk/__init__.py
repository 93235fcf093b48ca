"""The Django project package: settings, URL map, WSGI/ASGI entry points and project-wide pieces
(configuration parsing, role checks, the base table class) that belong to no single app."""
