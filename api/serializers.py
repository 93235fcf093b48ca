"""What the API answers, field by field (the schema at /api/schema/ is built from these)."""

from fractions import Fraction

from django.utils.translation import gettext as _
from rest_framework import serializers

from rules.limits import INT32_MAX, MAX_IMPORT_ROWS, MAX_SEED


def exact(value):
    """An exact number as text: "12", "-7.5", or "21/4" when it has no finite decimal."""
    if value is None:
        return None
    value = Fraction(value)
    if value.denominator == 1:
        return str(value.numerator)
    for digits in range(1, 7):
        scaled = value * 10**digits
        if scaled.denominator == 1:
            text = f"{abs(scaled.numerator):0{digits + 1}d}"
            sign = "-" if value < 0 else ""
            return f"{sign}{text[:-digits]}.{text[-digits:]}"
    return f"{value.numerator}/{value.denominator}"


class TournamentSerializer(serializers.Serializer):
    slug = serializers.SlugField()
    name = serializers.CharField()
    start_date = serializers.DateField()
    end_date = serializers.DateField()
    venue = serializers.CharField()
    city = serializers.CharField()
    country = serializers.CharField()
    ruleset = serializers.CharField(help_text="The rule set's code.")
    session_count = serializers.IntegerField()
    status = serializers.CharField()
    published = serializers.BooleanField()
    has_teams = serializers.SerializerMethodField()

    def get_has_teams(self, tournament) -> bool:
        return tournament.teams.exists()


class PlayerSerializer(serializers.Serializer):
    first_name = serializers.CharField()
    last_name = serializers.CharField()
    full_name = serializers.CharField()
    ema_id = serializers.CharField(allow_null=True)
    country = serializers.CharField()
    club = serializers.CharField()


class RegistrationSerializer(serializers.Serializer):
    number = serializers.IntegerField(help_text="The player's number in the tournament.")
    status = serializers.CharField()
    is_substitute = serializers.BooleanField()
    player = PlayerSerializer()
    team = serializers.CharField(source="team.name", allow_null=True)
    categories = serializers.SerializerMethodField()

    def get_categories(self, registration) -> list[str]:
        return sorted(category.name for category in registration.categories.all())


class SeatSerializer(serializers.Serializer):
    wind = serializers.IntegerField(help_text="Starting seat: 0 East, 1 South, 2 West, 3 North.")
    number = serializers.IntegerField(source="registration.number")
    name = serializers.CharField(source="registration.player.full_name")


class SeatingTableSerializer(serializers.Serializer):
    number = serializers.IntegerField()
    seats = SeatSerializer(many=True)


class SessionSerializer(serializers.Serializer):
    number = serializers.IntegerField()
    status = serializers.CharField()
    state = serializers.CharField(source="state_label")
    scheduled_start = serializers.DateTimeField(allow_null=True)
    is_swiss = serializers.BooleanField()
    seating_published = serializers.BooleanField()
    results_published = serializers.BooleanField()
    tournament_published = serializers.BooleanField(
        source="tournament.published",
        help_text="Seating and results made public are seen only in a published tournament.",
    )


class SessionDetailSerializer(SessionSerializer):
    tables = SeatingTableSerializer(
        many=True, allow_null=True, help_text="The seating; null while it is not public."
    )


class HandSerializer(serializers.Serializer):
    number = serializers.IntegerField()
    version = serializers.IntegerField()
    outcome = serializers.CharField()
    changes = serializers.ListField(
        child=serializers.IntegerField(), help_text="Points by starting seat (East first)."
    )
    entry = serializers.DictField(help_text="The hand as the referee entered it.")
    table_revision = serializers.IntegerField(allow_null=True)


class PenaltySerializer(serializers.Serializer):
    id = serializers.IntegerField()
    number = serializers.IntegerField(source="registration.number")
    kind = serializers.CharField()
    hand_number = serializers.IntegerField(allow_null=True)
    points = serializers.IntegerField()
    transfer = serializers.IntegerField()
    description = serializers.CharField(source="__str__")
    table_revision = serializers.IntegerField(allow_null=True)


class TableSerializer(serializers.Serializer):
    session = serializers.IntegerField()
    number = serializers.IntegerField()
    revision = serializers.IntegerField(
        help_text="Grows with every write: poll it, and send it back with a write."
    )
    closed = serializers.BooleanField()
    seats = SeatSerializer(many=True)
    totals = serializers.ListField(child=serializers.IntegerField())
    hands = HandSerializer(many=True)
    penalties = PenaltySerializer(many=True)


class StandingRowSerializer(serializers.Serializer):
    place = serializers.IntegerField(allow_null=True)
    place_label = serializers.CharField()
    number = serializers.IntegerField()
    name = serializers.CharField()
    country = serializers.CharField()
    score = serializers.IntegerField()
    final_score = serializers.CharField(help_text="Exact: a whole or decimal number as text.")
    table_points = serializers.CharField(allow_null=True)
    penalties = serializers.IntegerField()
    sessions = serializers.DictField(
        child=serializers.CharField(), help_text="Final score by session number."
    )


class StandingsSerializer(serializers.Serializer):
    through = serializers.IntegerField(allow_null=True)
    confirmed = serializers.ListField(child=serializers.IntegerField())
    stage = serializers.CharField()
    rows = StandingRowSerializer(many=True)


class TeamSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    name = serializers.CharField()
    country = serializers.CharField()
    members = serializers.ListField(child=serializers.IntegerField())


class TeamRowSerializer(serializers.Serializer):
    place = serializers.IntegerField(allow_null=True)
    place_label = serializers.CharField()
    name = serializers.CharField()
    score = serializers.IntegerField()
    final_score = serializers.CharField()
    table_points = serializers.CharField(allow_null=True)
    counted = serializers.ListField(child=serializers.IntegerField())


class TeamsSerializer(serializers.Serializer):
    teams = TeamSerializer(many=True)
    through = serializers.IntegerField(allow_null=True)
    standings = TeamRowSerializer(many=True)


class TableWriteSerializer(serializers.Serializer):
    """What every write to a table carries; the entry's own fields follow at the same level."""

    revision = serializers.IntegerField(
        min_value=0, max_value=INT32_MAX, help_text="The table's revision the write was built from."
    )
    submission = serializers.UUIDField(
        help_text="A new random id per write: sent again, it answers the first result."
    )


class HandWriteSerializer(TableWriteSerializer):
    outcome = serializers.CharField(
        help_text=(
            "The rule set's entry fields follow, named as on the table page's form "
            "(e.g. MCR: outcome, winner, discarder, fan, flowers). A figure per seat is an "
            'array by starting seat, as the reads give it (riichi: "han": [0, 0, 3, 0]), '
            "or the form's fields han_0 ... han_3: a hand read is posted back as it is."
        )
    )


class PenaltyWriteSerializer(TableWriteSerializer):
    registration = serializers.IntegerField(help_text="The player's number in the tournament.")
    kind = serializers.CharField()


class CallWriteSerializer(serializers.Serializer):
    """A referee call from the table (the table page's "Call a referee")."""

    kind = serializers.ChoiceField(
        choices=["dispute", "wrong_count", "penalty", "other"],
        help_text="Why a referee is needed: a dispute, a wrong count, a penalty, anything else.",
    )
    note = serializers.CharField(required=False, allow_blank=True, max_length=300)
    submission = serializers.UUIDField(
        help_text="A new random id per call: sent again, it answers the first call."
    )
    revision = serializers.IntegerField(
        min_value=0,
        required=False,
        help_text="The table's revision the call was made from (never refused for it).",
    )


class WriteResultSerializer(serializers.Serializer):
    status = serializers.CharField(help_text="saved, duplicate")
    message = serializers.CharField()
    revision = serializers.IntegerField(help_text="The table's revision this write produced.")
    hand = serializers.IntegerField(allow_null=True)
    penalty = serializers.IntegerField(allow_null=True)
    call = serializers.IntegerField(allow_null=True, help_text="The referee call made.")


class RefusalSerializer(serializers.Serializer):
    detail = serializers.CharField()
    revision = serializers.IntegerField(required=False, help_text="On 409: the table's revision.")
    # DRF's serializer metaclass takes declared fields out of the class, so this field does not
    # hide `Serializer.errors`; the stubs see a class attribute that overrides it.
    errors = serializers.DictField(  # type: ignore[assignment]
        child=serializers.ListField(child=serializers.CharField()), required=False
    )
    latest = serializers.ListField(child=serializers.CharField(), required=False)


class ImportPreviewSerializer(serializers.Serializer):
    file = serializers.FileField(help_text="The player list: CSV or Excel, as on the page.")
    as_substitutes = serializers.BooleanField(default=False)


class ImportSerializer(ImportPreviewSerializer):
    match_by_name = serializers.BooleanField(
        default=False, help_text="Every name match is the same person."
    )
    same_person = serializers.ListField(
        child=serializers.IntegerField(min_value=1, max_value=MAX_IMPORT_ROWS + 1),
        required=False,
        max_length=MAX_IMPORT_ROWS,
        help_text="The lines whose name match is the known player (the preview's `rows`).",
    )
    new_person = serializers.ListField(
        child=serializers.IntegerField(min_value=1, max_value=MAX_IMPORT_ROWS + 1),
        required=False,
        max_length=MAX_IMPORT_ROWS,
        help_text=(
            "The lines whose name match is another person: a new player, even when the known "
            "player of that name is registered here already (`same_by_default`)."
        ),
    )

    def validate(self, data):
        both = set(data.get("same_person", [])) & set(data.get("new_person", []))
        if both:
            raise serializers.ValidationError(
                _("Line %(line)s cannot be both the same person and a new player.")
                % {"line": min(both)}
            )
        return data

    fingerprint = serializers.CharField(
        required=False,
        allow_blank=True,
        max_length=64,
        help_text="The preview's: nothing is imported if a known player changed meanwhile.",
    )


class ImportRowSerializer(serializers.Serializer):
    line = serializers.IntegerField()
    first_name = serializers.CharField()
    last_name = serializers.CharField()
    how = serializers.ChoiceField(
        choices=["new", "ema", "name"],
        help_text="A new player, the same person by EMA id, or a known player of the same name.",
    )
    known = serializers.CharField(help_text="The known player: name, club, country, EMA id.")
    registered_here = serializers.BooleanField()
    same_by_default = serializers.BooleanField(
        help_text="Imported as the known player unless told otherwise."
    )


class ImportPreviewResultSerializer(serializers.Serializer):
    fingerprint = serializers.CharField()
    rows = ImportRowSerializer(many=True)


class ImportResultSerializer(serializers.Serializer):
    summary = serializers.CharField()
    created = serializers.IntegerField()
    updated = serializers.IntegerField()
    registered = serializers.IntegerField()
    already_registered = serializers.IntegerField()
    matches = serializers.ListField(child=serializers.CharField())


class DrawSerializer(serializers.Serializer):
    scope = serializers.RegexField(
        r"^(remaining|[1-9][0-9]{0,2})$",
        help_text='A session\'s number, or "remaining": every session not yet played.',
    )
    seed = serializers.IntegerField(
        min_value=0, max_value=MAX_SEED, required=False, allow_null=True
    )
    fingerprint = serializers.CharField(
        required=False, allow_blank=True, help_text="The preview's: refused if anything changed."
    )
    publish_seating = serializers.BooleanField(default=False)
    publish_tournament = serializers.BooleanField(
        default=False,
        help_text="Publish the tournament too: a seating made public is seen only once it is.",
    )


class DrawResultSerializer(serializers.Serializer):
    sessions = serializers.ListField(child=serializers.IntegerField())
    seed = serializers.IntegerField()
    fingerprint = serializers.CharField()
    tables = serializers.ListField(
        child=serializers.ListField(child=serializers.ListField(child=serializers.IntegerField())),
        help_text="Per session, per table, the four players' numbers (East first).",
    )
    repeats = serializers.IntegerField(allow_null=True, help_text="Repeated meetings.")
    written = serializers.BooleanField()


class PublishSerializer(serializers.Serializer):
    seating = serializers.BooleanField(required=False, allow_null=True)
    results = serializers.BooleanField(required=False, allow_null=True)
    tournament = serializers.BooleanField(
        required=False,
        allow_null=True,
        help_text="True: publish the tournament too (nothing of it is public before).",
    )
