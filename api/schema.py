"""How the schema names the API's credentials (loaded by `ApiConfig.ready`)."""

from drf_spectacular.extensions import OpenApiAuthenticationExtension


class DeskAuthenticationScheme(OpenApiAuthenticationExtension):
    target_class = "api.authentication.DeskAuthentication"
    name = ["apiToken", "tableLink"]

    def get_security_requirement(self, auto_schema):
        return [{name: []} for name in self.name]  # either one, not both

    def get_security_definition(self, auto_schema):
        return [
            {
                "type": "http",
                "scheme": "bearer",
                "description": "An API token: `Authorization: Bearer mtd_...`.",
            },
            {
                "type": "apiKey",
                "in": "header",
                "name": "Authorization",
                "description": (
                    "A table's link secret: `Authorization: Table <secret>` (with "
                    "`X-Table-PIN` when the tournament asks referees for a PIN)."
                ),
            },
        ]
