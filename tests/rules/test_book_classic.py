"""Every player's hand of the classic games counted from its tiles (docs/rules.md §7.3), each
value from the seeds, each case quoting its seed: 004 (European), 001 (FIMJ), 003 (Faentino).

Unless a case says otherwise the player sits South (seat wind 1) in the East round, so a pung or
pair of East is of the prevalent wind and one of South of the seat wind."""

import pytest

from rules import RuleError, classic, faentino
from rules.faentino import FAENTINO
from rules.tiles import parse

LOOSE10 = "147m 258p 369s 3z"  # ten tiles that make no set and no pair
LOOSE11 = "147m 258p 369s 4z 6z"
LOOSE13 = "147m 258p 369s 3z 4z 6z 7z"


def count(variant, text, **kwargs):
    args = {"mahjong": "+" in text, "self_drawn": False, "seat_wind": 1, "prevalent_wind": 0}
    args |= kwargs
    if variant == "faentino":
        return faentino.count_points(parse(text), **args)
    return classic.count_points(parse(text), variant=variant, **args)


# (case, seed section, seed text, hand, keyword arguments, points, doubles, score)
EUROPEAN = [
    # -- PUNTI DI MANO: "tabella dei punti di mano" (its heading garbled: SCOPERTO twice)
    (
        "exposed pung of simples",
        "PUNTI DI MANO",
        "tris (pung) di pezzi semplici    2 punti    4 punti",
        f"[666m] {LOOSE10}",
        {},
        2,
        0,
        2,
    ),
    (
        "concealed pung of simples",
        "PUNTI DI MANO",
        "tris (pung) di pezzi semplici 4 punti",
        f"666m {LOOSE10}",
        {},
        4,
        0,
        4,
    ),
    (
        "exposed pung of heads",
        "PUNTI DI MANO",
        "tris (pung) di Teste    4 punti    8 punti",
        f"[999m] {LOOSE10}",
        {},
        4,
        0,
        4,
    ),
    (
        "concealed pung of heads",
        "PUNTI DI MANO",
        "tris (pung) di Teste 8 punti",
        f"999m {LOOSE10}",
        {},
        8,
        0,
        8,
    ),
    (
        "exposed kong of simples",
        "PUNTI DI MANO",
        "poker (kong) di pezzi semplici    8 punti  16 punti",
        f"[6666m] {LOOSE10}",
        {},
        8,
        0,
        8,
    ),
    (
        "concealed kong of simples",
        "PUNTI DI MANO",
        "poker (kong) di pezzi semplici 16 punti",
        f"{{6666m}} {LOOSE10}",
        {},
        16,
        0,
        16,
    ),
    (
        "exposed kong of heads",
        "PUNTI DI MANO",
        "poker (kong) di Teste  16 punti  32 punti",
        f"[9999m] {LOOSE10}",
        {},
        16,
        0,
        16,
    ),
    (
        "concealed kong of heads",
        "PUNTI DI MANO",
        "poker (kong) di Teste 32 punti",
        f"{{9999m}} {LOOSE10}",
        {},
        32,
        0,
        32,
    ),
    (
        "a chow is worth nothing",
        "PUNTI DI MANO",
        "serie (scale)    0 punti    0 punti",
        f"[678m] {LOOSE10}",
        {},
        0,
        0,
        0,
    ),
    (
        "pair of dragons",
        "PUNTI DI MANO",
        "coppia ... 2 punti · se di Draghi",
        f"55z {LOOSE11}",
        {},
        2,
        0,
        2,
    ),
    (
        "pair of the seat wind",
        "PUNTI DI MANO",
        "· se di Vento del giocatore",
        f"22z {LOOSE11}",
        {},
        2,
        0,
        2,
    ),
    (
        "pair of the prevalent wind",
        "PUNTI DI MANO",
        "· se di Vento del giro",
        f"11z {LOOSE11}",
        {},
        2,
        0,
        2,
    ),
    (
        "any other pair",
        "PUNTI DI MANO",
        "Qualsiasi altra coppia, invece, vale 0 punti.",
        "99m 147m 258p 369s 4z 6z",
        {},
        0,
        0,
        0,
    ),
    (
        "one valued pair for a player who did not go out",
        "PUNTI DI MANO",
        "Se un giocatore che non chiude la propria mano ha tra i suoi pezzi due o più coppie che "
        "valgono 2 punti, può conteggiarne solo una di esse.",
        "55z 22z 147m 258p 369s",
        {},
        2,
        0,
        2,
    ),
    (
        "a flower and a season",
        "BONUS",
        "Se il giocatore possiede una o più Stagioni e/o Fiori, aggiunge al suo totale 4 punti per "
        "ciascuno di questi pezzi.",
        LOOSE13,
        {"flowers": (3,), "seasons": (4,)},
        8,
        0,
        8,
    ),
    # -- BONUS SOLO PER IL VINCITORE
    (
        "Mahjong",
        "BONUS SOLO PER IL VINCITORE",
        "per aver chiuso la mano: 20 punti",
        "[222p] 456p 789s 55s 67m +8m",
        {},
        22,
        0,
        22,
    ),
    (
        "self-drawn from the live wall",
        "BONUS SOLO PER IL VINCITORE",
        "se vince pescando dal muro attivo il pezzo che gli permette di chiudere la mano: 2 punti",
        "[222p] 456p 789s 55s 67m +8m",
        {"self_drawn": True},
        24,
        0,
        24,
    ),
    (
        "only possible tile: the pair",
        "BONUS SOLO PER IL VINCITORE",
        "se vince con l'unico pezzo possibile: 2 punti ... si chiude la mano formando la coppia",
        "[222p] 456p 789s 678m 5s +5s",
        {},
        24,
        0,
        24,
    ),
    (
        "only possible tile: the middle of a chow",
        "BONUS SOLO PER IL VINCITORE",
        "si chiude col pezzo centrale di una serie, che si 'incastra' tra due valori",
        "[222p] 456p 789s 55s 68m +7m",
        {},
        24,
        0,
        24,
    ),
    (
        "only possible tile: an edge",
        "BONUS SOLO PER IL VINCITORE",
        "si chiude con l'estremo di una serie incompleta, purché non sia bilatera",
        "[222p] 456p 789s 55s 12m +3m",
        {},
        24,
        0,
        24,
    ),
    (
        "two possible tiles: no bonus",
        "BONUS SOLO PER IL VINCITORE",
        "potrebbe vincere tanto pescando un 4 di Bambù quanto un 1 di Bambù ... In questo caso "
        "non si avrebbe diritto al bonus",
        "[222p] 456p 999s 11s 23s +4s",
        {},
        30,
        0,
        30,
    ),
    # -- RADDOPPI (every player)
    (
        "pung of dragons",
        "RADDOPPI",
        "tris o poker di Draghi (qualsiasi colore): 1 raddoppio",
        f"[555z] {LOOSE10}",
        {},
        4,
        1,
        10,
    ),
    (
        "pung of the seat wind",
        "RADDOPPI",
        "tris o poker del Vento del giocatore: 1 raddoppio",
        f"[222z] {LOOSE10}",
        {},
        4,
        1,
        10,
    ),
    (
        "pung of the prevalent wind",
        "RADDOPPI",
        "tris o poker del Vento del giro: 1 raddoppio",
        f"[111z] {LOOSE10}",
        {},
        4,
        1,
        10,
    ),
    (
        "own season",
        "RADDOPPI",
        "Stagione corrispondente al giocatore: 1 raddoppio",
        LOOSE13,
        {"seasons": (2,)},
        4,
        1,
        10,
    ),
    (
        "own flower",
        "RADDOPPI",
        "Fiore corrispondente al giocatore: 1 raddoppio",
        LOOSE13,
        {"flowers": (2,)},
        4,
        1,
        10,
    ),
    (
        "bouquet of seasons",
        "RADDOPPI",
        "l'intera serie di quattro Stagioni (bouquet): 3 raddoppi",
        LOOSE13,
        {"seasons": (1, 2, 3, 4)},
        16,
        4,  # the bouquet 3 and the player's own season 1
        260,
    ),
    # -- RADDOPPI PER IL VINCITORE
    (
        "all pungs",
        "RADDOPPI PER IL VINCITORE",
        "mano interamente formata da tris e/o poker (nessuna serie): 1 raddoppio",
        "[222m] [555p] 777s 888s 9p +9p",
        {},
        34,
        1,
        70,
    ),
    (
        "no points hand",
        "RADDOPPI PER IL VINCITORE",
        "mano priva di punti, o mano povera (tutte serie più una coppia priva di valore): "
        "1 raddoppio",
        "123m 456p 789s 234s 3z +3z",
        {},
        22,
        1,
        40,
    ),
    (
        "terminals and honours",
        "RADDOPPI PER IL VINCITORE",
        "mano contenente combinazioni di pezzi terminali più Draghi oppure Venti: 1 raddoppio",
        "111m 999p 555z 111s 9s +9s",
        {},
        54,
        3,
        430,
    ),  # + the dragons' pung and all pungs
    (
        "one suit and honours",
        "RADDOPPI PER IL VINCITORE",
        "mano contenente combinazioni di un'unico seme più Onori: 1 raddoppio",
        "123m 456m 789m 333z 4z +4z",
        {},
        30,
        1,
        60,
    ),
    (
        "one suit",
        "RADDOPPI PER IL VINCITORE",
        "mano contenente combinazioni di un'unico seme (senza Onori): 3 raddoppi",
        "123m 456m 789m 222m 5m +5m",
        {},
        26,
        3,
        210,
    ),
    (
        "a loose tile",
        "RADDOPPI PER IL VINCITORE",
        "vittoria pescando una tessera libera: 1 raddoppio",
        "{2222p} 456p 789s 55s 67m +8m",
        {"self_drawn": True, "kong_replacement": True},
        36,
        1,
        70,
    ),
    (
        "robbing a kong",
        "RADDOPPI PER IL VINCITORE",
        "vittoria rubando un poker scoperto ad un avversario: 1 raddoppio",
        "[222p] 456p 789s 55s 67m +8m",
        {"robbing_kong": True},
        22,
        1,
        40,
    ),
    (
        "the last tile of the wall",
        "RADDOPPI PER IL VINCITORE",
        "vittoria pescando l'ultimo pezzo del muro attivo prima che la mano venga dichiarata "
        "morta: 1 raddoppio",
        "[222p] 456p 789s 55s 67m +8m",
        {"self_drawn": True, "last_of_wall": True},
        24,
        1,
        50,
    ),
    (
        "the last discard",
        "RADDOPPI PER IL VINCITORE",
        "vittoria pescando l'ultimo scarto prima che la mano venga dichiarata morta: 1 raddoppio",
        "[222p] 456p 789s 55s 67m +8m",
        {"last_discard": True},
        22,
        1,
        40,
    ),
]


@pytest.mark.parametrize(
    ("case", "section", "quote", "hand", "kwargs", "points", "doubles", "score"),
    EUROPEAN,
    ids=[case[0] for case in EUROPEAN],
)
def test_european_values_of_seed_004(case, section, quote, hand, kwargs, points, doubles, score):
    result = count("european", hand, **kwargs)
    assert (result.points, result.doubles, result.score) == (points, doubles, score), (
        section,
        quote,
        result.items,
    )
    assert result.limit_hand == "" and result.limit_tier is None


# MANI LIMITE: "valgono forfettariamente il massimo dei punti realizzabili in una sola volta, cioè
# un limite ... Le regole europee fissano quest'ultimo a 500 punti"
EUROPEAN_LIMITS = [
    (
        "Hidden treasure",
        "Tesoro nascosto (tutti tris o tris e poker coperti, formati pescando "
        "solo dal muro, senza mai raccogliere scarti)",
        "222m 555p 777s 888s 9p +9p",
        {"self_drawn": True},
    ),
    ("All honours", "Mano di tutti Onori", "111z 222z 555z 666z 7z +7z", {}),
    (
        "All heads",
        "Mano di tutte Teste (contenente combinazioni di tutte le teste: pezzi "
        "terminali, Draghi e Venti)",
        "111m 999p 555z 111z 9s +9s",
        {},
    ),
    (
        "Three great scholars",
        "i Tre Grandi Sapienti ... (contenente tris e/o poker di ciascuno dei tre Draghi)",
        "555z 666z 777z 123m 4p +4p",
        {},
    ),
    (
        "Four blessings",
        "le Quattro Benedizioni ... (contenente tris e/o poker di ciascuno dei quattro Venti)",
        "111z 222z 333z 444z 5m +5m",
        {},
    ),
    (
        "Nine gates",
        "Chiamata di nove pezzi (tris di 1 e di 9, i valori dal 2 all'8 più un altro "
        "valore qualsiasi a formare la coppia, tutto di un unico seme)",
        "1112345678999m +5m",
        {},
    ),
    (
        "Thirteen wonders",
        "le Tredici Meraviglie Solitarie (una di ciascuna delle tredici Teste "
        "più un'altra qualsiasi, doppia, a formare la coppia)",
        "19m 19p 19s 1234567z +1m",
        {},
    ),
    (
        "Heavenly hand",
        "Mano dal Paradiso (mano completa qualsiasi, formata da Est con i "
        "quattordici pezzi pescati alla presa iniziale)",
        "123m 456p 789s 234s 5p +5p",
        {"first_hand": True, "seat_wind": 0, "self_drawn": True},
    ),
    (
        "Earthly hand",
        "Mano Terrena (mano completa qualsiasi, formata da Sud, Ovest o Nord "
        "raccogliendo il primo scarto di Est)",
        "123m 456p 789s 234s 5p +5p",
        {"first_hand": True},
    ),
]


@pytest.mark.parametrize(
    ("name", "quote", "hand", "kwargs"), EUROPEAN_LIMITS, ids=[c[0] for c in EUROPEAN_LIMITS]
)
def test_european_limit_hands_of_seed_004(name, quote, hand, kwargs):
    result = count("european", hand, **kwargs)
    assert (result.limit_hand, result.score) == (name, 500), quote
    valued = classic.count_points(
        parse(hand),
        variant="european",
        options=classic.EUROPEAN.__class__(limit_hand_value=1000),
        **({"mahjong": True, "self_drawn": False, "seat_wind": 1, "prevalent_wind": 0} | kwargs),
    )
    assert valued.score == 1000  # the setting "Value of a limit hand"


def test_the_worked_example_of_seed_004():
    # "Al termine della prima mano di gioco": East 38 points, 1 double -> 80 (winner); South 28,
    # 2 doubles -> 110; West 10; North 8. East wind round.
    east = count(
        "european",
        "222z 123m 456p 55z 78m +9m",
        seat_wind=0,
        seasons=(1,),
        flowers=(3,),
    )
    south = count("european", "{8888m} 777z [111z] 99p 24s", seat_wind=1)
    west = count("european", "[111m] 345p 66z 44z 2s 5s 8s", seat_wind=2, flowers=(1,))
    north = count("european", "111p 234s 567s 33m 7m 9m", seat_wind=3)
    figures = [(c.points, c.doubles, c.score) for c in (east, south, west, north)]
    assert figures == [(38, 1, 80), (28, 2, 110), (10, 0, 10), (8, 0, 8)]
    scores = tuple(c.score for c in (east, south, west, north))
    assert classic.settle(scores, winner=0, east=0) == (480, 42, -258, -264)


# -- FIMJ (seed 001) ----------------------------------------------------------------------------

FIMJ = [
    (
        "three pungs of heads",
        "Raddoppi",
        "Tre tris o tris/poker di Teste: 1 raddoppio",
        "[999m] [111p] [999s] 25m 36p",
        {},
        12,
        1,
        20,
    ),
    (
        "four pungs of heads",
        "Raddoppi",
        "Quattro tris o tris/poker di Teste: 2 raddoppi",
        "[999m] [111p] [999s] [111s] 5m",
        {},
        16,
        2,
        60,
    ),
    (
        "three pungs of one number",
        "Raddoppi",
        "Tre tris o tris/poker dello stesso valore numerico ma di semi differenti: 1 raddoppio",
        "[555m] [555p] [555s] 19m 28p",
        {},
        6,
        1,
        10,
    ),
    (
        "three concealed pungs",
        "Raddoppi",
        "Tre tris o tris/poker coperti: 1 raddoppio.",
        "222m 444p 666s 19m 28p",
        {},
        12,
        1,
        20,
    ),
    (
        "four concealed pungs",
        "Raddoppi",
        "Quattro tris coperti: 2 raddoppi.",
        "222m 444p 666s 888s 1m",
        {},
        16,
        2,
        60,
    ),
    (
        "three chows of one number",
        "Raddoppi",
        "Tre serie degli stessi valori numerici (1 - 9) ma di semi differenti: 1 raddoppio.",
        "123m 123p 123s 999p 5z",
        {},
        8,
        1,
        20,
    ),
    (
        "four chows of one number",
        "Raddoppi",
        "Quattro serie degli stessi valori numerici (1 - 9) ma di semi differenti: 2 raddoppi.",
        "123m 123p 123s 123m 5p +5p",
        {},
        22,
        3,
        180,
    ),  # + the no points hand
    (
        "three identical chows",
        "Raddoppi",
        "Tre scale identiche (stessi valori, stesso seme): 2 raddoppi.",
        "123m 123m 123m 456s 5p +5p",
        {},
        22,
        3,
        180,
    ),
    (
        "four identical chows",
        "Raddoppi",
        "Quattro scale identiche (stessi valori, stesso seme): 4 raddoppi.",
        "123m 123m 123m 123m 5p +5p",
        {},
        22,
        5,
        700,
    ),
    (
        "snake",
        "Raddoppi",
        "Serpente - tre serie di valori numerici progressivi, di qualsiasi seme: 1 raddoppio.",
        "123m 456p 789s 234s 5p +5p",
        {},
        22,
        2,
        90,
    ),
    (
        "snake of one suit",
        "Raddoppi",
        "Serpente di colore - tre serie di valori progressivi dello stesso seme: 2 raddoppi.",
        "123m 456m 789m 234s 5p +5p",
        {},
        22,
        3,
        180,
    ),
    (
        "chained snake",
        "Raddoppi",
        "Serpente incatenato - Quattro scale di valori progressivi, concatenate alle estremità, "
        "di qualsiasi seme: 2 raddoppi.",
        "123m 345p 567s 789s 5p +5p",
        {},
        20,
        3,
        160,
    ),
    (
        "chained snake of one suit",
        "Raddoppi",
        "Serpente incatenato di colore - quattro scale di valori numerici progressivi, "
        "concatenate alle estremità e dello stesso seme: 3 raddoppi.",
        "123m 345m 567m 789m 5p +5p",
        {},
        22,
        4,
        350,
    ),
    (
        "own season",
        "Raddoppi",
        "Stagione o Fiore del giocatore: 1 raddoppio l'uno",
        LOOSE13,
        {"seasons": (2,)},
        4,
        1,
        10,
    ),
    (
        "bouquet of flowers",
        "Raddoppi",
        "Serie completa di quattro Stagioni o di quattro Fiori (bouquet): 2 raddoppi l'uno. "
        "[nelle regole europee: 3 raddoppi l'uno]",
        LOOSE13,
        {"flowers": (1, 2, 3, 4)},
        16,
        3,
        130,
    ),
    # -- Raddoppi per chi chiude la mano
    (
        "no points hand",
        "Raddoppi per chi chiude la mano",
        "Mano povera - mano di tutte serie (scale) più una coppia priva di valore: 1 raddoppio",
        "123m 456p 678s 234s 3z +3z",
        {},
        22,
        1,
        40,
    ),
    (
        "minor tiles only",
        "Raddoppi per chi chiude la mano",
        "Mano di soli pezzi minori (priva di Teste): 1 raddoppio.",
        "[234m] [456p] 678s 555s 3p +3p",
        {},
        26,
        1,
        50,
    ),
    (
        "pure hand",
        "Raddoppi per chi chiude la mano",
        "Mano pura - mano formata da pezzi di un unico seme più Onori: 1 raddoppio",
        "123m 345m 789m 333z 4z +4z",
        {},
        30,
        1,
        60,
    ),
    (
        "purest hand",
        "Raddoppi per chi chiude la mano",
        "Mano purissima (o colore) - mano interamente formata da pezzi di un unico seme, senza "
        "Onori: 3 raddoppi",
        "[123m] [345m] [678m] 999m 5m +5m",
        {},
        30,
        3,
        240,
    ),
    (
        "all pungs of heads",
        "Raddoppi per chi chiude la mano",
        "Mano di tutti tris (o tris e poker) di Teste: 4 raddoppi (comprende 'quattro tris di "
        "Teste' e 'tutti tris')",
        "[111m] [999p] [111s] 999s 1p +1p",
        {},
        42,
        4,
        670,
    ),
    (
        "seven pairs",
        "Raddoppi per chi chiude la mano",
        "Mano speciale formata da sette coppie: 2 raddoppi",
        "11m 33m 55p 77p 22s 44s 6s +6s",
        {},
        22,
        2,
        90,
    ),
    (
        "riichi",
        "Raddoppi per chi chiude la mano",
        "Vittoria dopo aver chiamato il Riichi: 1 raddoppio",
        "123m 456p 678s 234s 3z +3z",
        {"riichi": True},
        22,
        2,
        90,
    ),
    (
        "all drawn from the wall",
        "Raddoppi per chi chiude la mano",
        "Mano interamente pescata dal muro: 1 raddoppio",
        "123m 456p 678s 234s 3z +3z",
        {"self_drawn": True},
        24,
        2,
        100,
    ),
    (
        "a tile from the roof",
        "Raddoppi per chi chiude la mano",
        "Vittoria con un pezzo pescato dal tetto: 1 raddoppio",
        "{2222m} 456p 678s 234s 3z +3z",
        {"self_drawn": True, "kong_replacement": True},
        38,
        2,
        150,
    ),
    (
        "golden cockerel",
        "Raddoppi per chi chiude la mano",
        "Gallo d'oro - Vittoria col 5 di Cerchi ('5 Palle') dal tetto: 2 raddoppi (uno dei quali "
        "per aver chiuso con un pezzo dal tetto)",
        "{2222m} 678s 234s 11z 46p +5p",
        {"self_drawn": True, "kong_replacement": True},
        40,
        3,
        320,
    ),
    (
        "robbing a kong",
        "Raddoppi per chi chiude la mano",
        "Vittoria con un pezzo rubato ad un poker scoperto avversario: 1 raddoppio",
        "[999p] 456p 678s 55s 67m +8m",
        {"robbing_kong": True},
        24,
        1,
        50,
    ),
    (
        "within the fifteenth",
        "Raddoppi per chi chiude la mano",
        "Entro la quindicesima - vittoria entro il 15° scarto (turno di gioco) incluso: 1 raddoppio.",
        "[999p] 456p 678s 55s 67m +8m",
        {"within_fifteen": True},
        24,
        1,
        50,
    ),
    (
        "the last tile of the wall",
        "Raddoppi per chi chiude la mano",
        "Vittoria con l'ultimo pezzo del muro attivo: 1 raddoppio",
        "[999p] 456p 678s 55s 67m +8m",
        {"self_drawn": True, "last_of_wall": True},
        26,
        1,
        50,
    ),
    (
        "the last discard",
        "Raddoppi per chi chiude la mano",
        "Vittoria con l'ultimo scarto disponibile: 1 raddoppio",
        "[999p] 456p 678s 55s 67m +8m",
        {"last_discard": True},
        24,
        1,
        50,
    ),
    (
        "bottled up",
        "Raddoppi per chi chiude la mano",
        "Imbottigliato - vittoria formando la coppia finale, avendo già quattro combinazioni "
        "esposte: 1 raddoppio",
        "[222p] [456p] [678s] [234s] 3z +3z",
        {},
        24,
        1,
        50,
    ),
    (
        "last copy",
        "Raddoppi per chi chiude la mano",
        "Ultimo pezzo - vittoria con l'ultimo esemplare dell'unico pezzo possibile: 1 raddoppio",
        "[999p] 456p 678s 55s 67m +8m",
        {"last_copy": True},
        26,
        1,
        50,
    ),
]


@pytest.mark.parametrize(
    ("case", "section", "quote", "hand", "kwargs", "points", "doubles", "score"),
    FIMJ,
    ids=[case[0] for case in FIMJ],
)
def test_fimj_values_of_seed_001(case, section, quote, hand, kwargs, points, doubles, score):
    result = count("fimj", hand, **kwargs)
    assert (result.points, result.doubles, result.score) == (points, doubles, score), (
        section,
        quote,
        result.items,
    )
    assert result.limit_tier is None


# "Mani limite ... la Federazione non fissa un punteggio preciso, ma suggerisce una forchetta"
FIMJ_LIMITS = [
    (
        "Little snake",
        1,
        "Piccolo serpente - Mano speciale formata da tre serie dall'1 al 9 di un "
        "unico seme, uno di ciascuno dei quattro venti più un drago qualsiasi (non c'è coppia): "
        "1000~2000 punti",
        "123456789m 1234z +5z",
        {},
    ),
    (
        "Seven pairs of heads",
        2,
        "Tutte coppie di Testa - mano speciale formata da sette coppie di Teste: 2000~4000 punti",
        "11m 99m 11p 99p 11z 55z 6z +6z",
        {},
    ),
    (
        "Seven pairs of one suit",
        2,
        "Tutte coppie di colore - mano speciale formata da sette "
        "coppie dello stesso seme: 2000~4000 punti",
        "11m 33m 55m 77m 22m 44m 6m +6m",
        {},
    ),
    (
        "Siamese snakes",
        2,
        "Serpenti siamesi - mano speciale composta dall'1 al 7 di due diversi "
        "semi (non c'è coppia): 2000 ~ 4000 punti",
        "1234567m 123456p +7p",
        {},
    ),
    (
        "Dragon snake",
        2,
        "Serpente dei draghi - mano speciale composta da 1, 4, 7 di un seme, 2, "
        "5, 8 di un altro, 3, 6, 9 di un terzo, uno ciascuno dei draghi più coppia di vento del "
        "giocatore o del giro: 2000~4000 punti",
        "147m 258p 369s 567z 2z +2z",
        {},
    ),
    (
        "Gathering of dragons",
        2,
        "Raduno di draghi - mano contenente un tris o poker di ciascun "
        "drago, più una combinazione e una coppia qualsiasi: 2000~4000 punti",
        "555z 666z 777z 123m 4p +4p",
        {},
    ),
    (
        "Four blessings of the house",
        2,
        "Quattro benedizioni della casa - mano contenente un tris "
        "o poker di venti diversi, una combinazione qualsiasi e coppia del quarto vento: "
        "2000~4000 punti",
        "111z 222z 333z 123m 4z +4z",
        {},
    ),
    (
        "Thirteen marvellous lanterns",
        2,
        "Tredici lanterne meravigliose - mano speciale contenente "
        "le tredici Teste diverse più una doppia come coppia: 2000~4000 punti",
        "19m 19p 19s 1234567z +1m",
        {},
    ),
    (
        "Exit of the gods",
        3,
        "Uscita degli dei - mano qualsiasi realizzata da Est già con i 14 "
        "pezzi presi dal muro nella distribuzione iniziale, o da un altro giocatore raccogliendo il "
        "primo scarto di Est: 3000~6000 punti",
        "123m 456p 789s 234s 5p +5p",
        {"first_hand": True},
    ),
    (
        "All kongs",
        3,
        "Tutto kong - mano contenente quattro poker coperti e/o scoperti più coppia "
        "qualsiasi: 3000~6000 punti",
        "[1111m] [2222p] [3333s] [4444s] 5z +5z",
        {},
    ),
    (
        "House full of nine tiles",
        3,
        "Casa piena dei nove pezzi - mano speciale composta da tris "
        "di 1 e di 9, una serie dal 2 all'8 più uno qualsiasi dei pezzi suddetti doppio, come "
        "coppia: 3000~6000 punti",
        "1112345678999m +5m",
        {},
    ),
]
TIER_RANGES = {1: (1000, 2000), 2: (2000, 4000), 3: (3000, 6000)}


@pytest.mark.parametrize(
    ("name", "tier", "quote", "hand", "kwargs"), FIMJ_LIMITS, ids=[c[0] for c in FIMJ_LIMITS]
)
def test_fimj_limit_hands_and_their_tiers(name, tier, quote, hand, kwargs):
    result = count("fimj", hand, **kwargs)
    assert (result.limit_hand, result.limit_tier) == (name, tier), quote
    low, high = TIER_RANGES[tier]
    assert low <= result.score <= high
    assert result.score == classic.FIMJ.tier_values()[tier - 1]
    richer = classic.FIMJ.__class__(**{f"limit_tier_{tier}": high})
    assert (
        classic.count_points(
            parse(hand),
            variant="fimj",
            options=richer,
            **(
                {"mahjong": True, "self_drawn": False, "seat_wind": 1, "prevalent_wind": 0} | kwargs
            ),
        ).score
        == high
    )


def test_fimj_riichi_waits_on_one_tile():
    # "Il giocatore a cui manca un solo pezzo per chiudere e può vincere con un unico pezzo, se
    # vuole può dichiarare tale condizione (Riichi)"
    with pytest.raises(RuleError, match="false riichi"):
        count("fimj", "[222p] 456p 678s 55s 67m +8m", riichi=True)


def test_fimj_keeps_the_european_limit_and_doubles_unless_it_replaces_them():
    # "L'attribuzione dei punti di mano per tris, poker e coppie è la stessa delle regole europee"
    south = count("fimj", "{8888m} 777z [111z] 99p 24s", seat_wind=1)
    assert (south.points, south.doubles) == (28, 2)  # the dragons' and the prevalent wind's
    # "Il limite dei punti ... la FIMJ consiglia di fissarlo a 1000-2000 punti"
    assert count("fimj", "{5555z} {6666z} 999p 123m 7z +7z").score == 1000


# -- Faentino (seed 003) --------------------------------------------------------------------------

FAENTINO_CASES = [
    (
        "Mahjong 20",
        "L'INIZIO",
        "I punti del Mah-Jong sono 20 che vanno sommati ai punti della 'stecca'",
        "[222p] 456p 789s 55s 67m +8m",
        {},
        22,
        0,
        20,
    ),
    (
        "Mahjong 30 with an empty rack",
        "L'INIZIO",
        "I punti del Mah-Jong senza punti in 'stecca' sono 30",
        "123m 456p 789s 55s 67m +8m",
        {},
        30,
        0,
        30,
    ),
    (
        "pung of a dragon",
        "L'INIZIO",
        "Tris o quartone di un Drago",
        f"[555z] {LOOSE10}",
        {},
        4,
        1,
        10,
    ),
    (
        "own flower",
        "Simulazione di una mano",
        "Est 16 con un raddoppio (il suo Fiore)",
        LOOSE13,
        {"flowers": (2,)},
        4,
        1,
        10,
    ),
    (
        "rose of flowers",
        "L'INIZIO",
        "Valgono due raddoppi ... La Rosa dei Fiori (tutti i 4 Fiori)",
        LOOSE13,
        {"flowers": (1, 2, 3, 4)},
        16,
        3,
        130,
    ),
    (
        "rose of seasons",
        "L'INIZIO",
        "La Rosa delle Stagioni (tutte le 4 stagioni)",
        LOOSE13,
        {"seasons": (1, 3, 4, 2)},
        16,
        3,
        130,
    ),
    (
        "one suit with winds or dragons",
        "L'INIZIO",
        "Un unico seme (palle – canne – scritti) con Venti o Draghi.",
        "123m 456m 789m 333z 4z +4z",
        {},
        28,
        1,
        60,
    ),
    (
        "all pungs",
        "L'INIZIO",
        "Tutti tris (ed una coppia)",
        "[222m] [555p] 777s 888s 9p +9p",
        {},
        32,
        1,
        60,
    ),
    (
        "East's own doubling",
        "Simulazione di una mano",
        "16 + 20 del Mah-Jong = 36 x 2 del raddoppio = 72 x 2 perché è l'Est = 144 arrotondato 140",
        "[222p] [555s] 999m 456p 7s +7s",
        {"seat_wind": 0, "flowers": (1,)},
        36,
        1,
        140,
    ),
]


@pytest.mark.parametrize(
    ("case", "section", "quote", "hand", "kwargs", "points", "doubles", "score"),
    FAENTINO_CASES,
    ids=[case[0] for case in FAENTINO_CASES],
)
def test_faentino_values_of_seed_003(case, section, quote, hand, kwargs, points, doubles, score):
    result = count("faentino", hand, **kwargs)
    assert (result.points, result.doubles, result.score) == (points, doubles, score), (
        section,
        quote,
        result.items,
    )


@pytest.mark.parametrize(
    ("quote", "hand", "kwargs"),
    [
        (
            "Si fa 'colore' (tutte palle, canne o scritti anche se ci sono dei fiori pescati)",
            "123m 456m 789m 234m 5m +5m",
            {"flowers": (3,)},
        ),
        ("Si fanno 'tutte coppie'", "11m 33m 55p 77p 22s 44s 6s +6s", {}),
        (
            "Si raggiungono i 200 punti",
            "555z 123m 456p 789s 1p +1p",
            {"seat_wind": 0, "flowers": (1, 2, 3, 4)},
        ),
    ],
)
def test_faentino_massimo_is_200(quote, hand, kwargs):
    # "E' 'massimo' (200 punti) quando:"
    assert count("faentino", hand, **kwargs).score == 200, quote


def test_faentino_settings_where_the_text_gives_no_values():
    # seed 003 gives no value for sets, pairs or bonus tiles: docs/rules.md §7.3
    hand = "[222p] 55z 147m 258p 36s"
    assert count("faentino", hand, flowers=(3,)).points == 2 + 2 + 4  # the European values
    options = FAENTINO.__class__(pung_points=1, pair_points=0, bonus_points=0)
    result = faentino.count_points(
        parse(hand),
        mahjong=False,
        self_drawn=False,
        seat_wind=1,
        prevalent_wind=0,
        flowers=(3,),
        options=options,
    )
    assert result.points == 1
    winds = FAENTINO.__class__(wind_pung_doubles=True)
    plain = count("faentino", f"[222z] {LOOSE10}")
    doubled = faentino.count_points(
        parse(f"[222z] {LOOSE10}"),
        mahjong=False,
        self_drawn=False,
        seat_wind=1,
        prevalent_wind=0,
        options=winds,
    )
    assert (plain.doubles, doubled.doubles) == (0, 1)


# -- the contract --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("hand", "kwargs", "message"),
    [
        ("[222p] 456p 789s 55s 67m +8m", {"mahjong": False}, "did not go out has 13 tiles"),
        ("[222p] 456p 789s 55s 678m", {"mahjong": False}, "did not go out has 13 tiles"),
        ("[222p] 456p 789s 55s 678m", {"mahjong": True}, "winning tile is missing"),
        ("[222p] 456p 789s 55s 67m +8m", {"tenhou": True}, "Unknown condition tenhou"),
        ("[222p] 456p 789s 55s 67m +8m", {"seat_wind": 4}, "Seat wind must be at most 3"),
        ("[222p] 456p 789s 55s 67m +8m", {"flowers": (5,)}, "Flowers must be at most 4"),
        ("[222p] 456p 789s 55s 67m +8m", {"flowers": (1, 1)}, "each number 1 to 4 is one tile"),
        ("[222p] 456p 789s 50s 67m +8m", {}, "Red fives are played in EMA Riichi 2008 only"),
        ("[222p] 456p 789s 55s 67m +8m f2", {}, "Name the flowers and seasons"),
        ("[222p] 456p 789s 55s 67m +8m", {"last_of_wall": True}, "self-drawn win"),
        ("[222p] 456p 789s 55s 67m +8m", {"self_drawn": True, "last_discard": True}, "discard"),
        ("[222p] 456p 789s 55s 67m +8m", {"first_hand": True, "self_drawn": True}, "first_hand"),
        ("[222p] 456p 789s 55s 67m +8m", {"riichi": True}, "Unknown condition riichi"),
    ],
)
def test_bad_input_is_refused_by_name(hand, kwargs, message):
    with pytest.raises(RuleError, match=message):
        count("european", hand, **kwargs)


def test_a_loser_ignores_the_winners_conditions_and_a_false_mahjong_counts_0():
    loser = count("european", f"[555z] {LOOSE10}", self_drawn=True, last_of_wall=True)
    assert (loser.points, loser.doubles) == (4, 1)
    false = count("european", "[222p] 456p 789s 55s 67m +1z")
    assert (false.verdict, false.score, false.points) == ("invalid_shape", 0, 0)
    with pytest.raises(RuleError, match="Unknown classic variant"):
        count("classic", "[222p] 456p 789s 55s 67m +8m")


def test_the_answer_names_its_lines_the_reading_and_the_waits():
    result = count("european", "[222p] 456p 789s 55s 67m +8m")
    assert result.waits == ("5m", "8m") and result.reading == "[222p] 678m 456p 55s 789s"
    assert [(i.name, i.italian, i.points) for i in result.items][-1] == (
        "Mahjong",
        "Per aver chiuso la mano",
        20,
    )
    assert result.mahjong and result.mahjong_points == 20


def test_european_hand_shape_doubles_for_every_player_is_a_setting():
    # seed 004 "RADDOPPI PER IL VINCITORE", note [1]: "in alcuni manuali questi raddoppi sono
    # concessi a tutti i giocatori (non solo a chi chiude la mano)"
    hand = "123m 456m 789m 11m 59m"  # one suit, a player who did not go out
    assert count("european", hand).doubles == 0
    every = classic.EUROPEAN.__class__(shape_doubles_for_all=True)
    args = {"mahjong": False, "self_drawn": False, "seat_wind": 1, "prevalent_wind": 0}
    result = classic.count_points(parse(hand), variant="european", options=every, **args)
    assert result.doubles == 3
    honours = classic.count_points(
        parse("111z 333z 555z 666z 7z"), variant="european", options=every, **args
    )
    assert honours.doubles == 1 + 2 + 3  # East's pung, two dragons' pungs, only honours
