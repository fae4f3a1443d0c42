# ruff: noqa: E501  (long translated sentences read best whole)
"""Spanish translations of every message (seed 001's wording where it fits), written into
``app/locale/es/LC_MESSAGES/messages.po`` from the extracted template ``app/locale/messages.pot``.

Run after ``pybabel extract -F babel.cfg -k N_ --no-location --omit-header -o app/locale/messages.pot .``:
``python tools/es_catalog.py``. A message without a translation here is reported and left empty
(the test suite then fails on it).
"""

from __future__ import annotations

import sys
from pathlib import Path

from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parent.parent
ES: dict[str, str | tuple[str, str]] = {
    "That address or form was not understood.": "No se ha entendido esa dirección o ese formulario.",
    "There is no page at this address.": "No hay ninguna página en esta dirección.",
    "This address takes a form, not a visit: start from the game's page.": "Esta dirección recibe un formulario, no una visita: empieza desde la página de la partida.",
    "Back to the game": "Volver a la partida",
    "Challenge from %(who)s: play this deal and share your result.": "Reto de %(who)s: juega esta partida y comparte tu resultado.",
    "Challenge from %(who)s: %(result)s. Can you do better?": "Reto de %(who)s: %(result)s. ¿Puedes hacerlo mejor?",
    "Deal this game again from the start? This play is left unfinished.": "¿Repartir esta partida otra vez desde el principio? Esta jugada queda sin terminar.",
    "Played after seeing the solver's line for this deal: it counts in your statistics, not for records.": "Jugada después de ver la línea del solucionador para esta partida: cuenta en tus estadísticas, no para los récords.",
    "A game number is a whole number from 1 to %(max)s.": "El número de partida es un número entero del 1 al %(max)s.",
    "You won!": "¡Has ganado!",
    "No moves left": "No quedan jugadas",
    "You gave up": "Te has rendido",
    "That language is not available.": "Ese idioma no está disponible.",
    "That move is not allowed here.": "Esa jugada no está permitida aquí.",
    "The table had changed (another tab or a double tap?). This is the table as it is now.": "La mesa había cambiado (¿otra pestaña o un doble toque?). Así está ahora.",
    "This game is over. Deal it again or start a new one.": "Esta partida ha terminado. Repártela otra vez o empieza una nueva.",
    "Nothing to undo.": "No hay nada que deshacer.",
    "Nothing to redo.": "No hay nada que rehacer.",
    "Finish needs an empty stock and waste, with every card able to go up.": "Para terminar, el montón y el descarte deben estar vacíos y todas las cartas poder subir.",
    "That request was not understood.": "No se ha entendido esa petición.",
    "The deal starts again from the beginning.": "La partida vuelve a empezar desde el principio.",
    "Hints are coming too fast: wait a moment and ask again.": "Demasiadas pistas seguidas: espera un momento y vuelve a pedirla.",
    "There is no move to hint here.": "Aquí no hay ninguna jugada que sugerir.",
    "There is no such mode: this is the Classic game of this deal.": "Ese modo no existe: esta es la partida en modo Clásico de este reparto.",
    "This move keeps a win within reach.": "Esta jugada mantiene la victoria a tu alcance.",
    "No win is possible from here any more; this is the best try.": "Desde aquí ya no se puede ganar; este es el mejor intento.",
    "Best guess: no sure win found in time.": "La mejor apuesta: no se encontró a tiempo una victoria segura.",
    "Nothing on the table can move: draw a card.": "Nada se puede mover en la mesa: pasa una carta.",
    "Unknown mode.": "Modo desconocido.",
    "Won in %(moves)s moves, %(time)s": "Ganó en %(moves)s jugadas, %(time)s",
    "Blocked with %(home)s of 104 cards home": "Bloqueado con %(home)s de 104 cartas en las bases",
    "Gave up with %(home)s of 104 cards home": "Se rindió con %(home)s de 104 cartas en las bases",
    "a player": "un jugador",
    "Forty Thieves: game %(number)s (%(mode)s)": "Cuarenta Ladrones: partida %(number)s (%(mode)s)",
    "%(who)s challenges you to this deal.": "%(who)s te reta a esta partida.",
    "%(who)s challenges you: %(result)s. Can you do better?": "%(who)s te reta: %(result)s. ¿Puedes hacerlo mejor?",
    "This challenge link is not known. Check the address.": "No conocemos este enlace de reto. Revisa la dirección.",
    "Forty Thieves": "Cuarenta Ladrones",
    "Game %(number)s": "Partida %(number)s",
    "Challenge from %(who)s": "Reto de %(who)s",
    "Can you win this deal?": "¿Puedes ganar esta partida?",
    "won": "ganada",
    "%(home)s card home": ("%(home)s carta en las bases", "%(home)s cartas en las bases"),
    "A display name has at most %(max)s characters.": "Un nombre tiene como mucho %(max)s caracteres.",
    "Classic": "Clásico",
    "Relaxed": "Relajado",
    "A challenge from %(who)s": "Un reto de %(who)s",
    "winnable": "con solución",
    "not winnable": "sin solución",
    "not yet known": "aún no se sabe",
    "undecided": "sin decidir",
    "Too hard for the solver to settle: it may or may not be winnable": "Demasiado difícil para que el solucionador lo decida: puede tener solución o no",
    "The solver is looking at this deal: your next move or a reload shows what it found": "El solucionador está estudiando esta partida: tu próximo movimiento o una recarga muestran lo que ha encontrado",
    "Their result: %(result)s.": "Su resultado: %(result)s.",
    "They shared this deal before finishing it.": "Compartió esta partida antes de terminarla.",
    "Play this deal": "Jugar esta partida",
    "Your challenge link": "Tu enlace de reto",
    "Send this link to a friend:": "Manda este enlace a un amigo:",
    "Link copied: send it to a friend.": "Enlace copiado: mándaselo a un amigo.",
    "Shared.": "Compartido.",
    "Share": "Compartir",
    "Start a new game": "Empezar una partida nueva",
    "empty spades foundation": "base de picas vacía",
    "empty hearts foundation": "base de corazones vacía",
    "empty diamonds foundation": "base de diamantes vacía",
    "empty clubs foundation": "base de tréboles vacía",
    "%(card)s: send to the preferred place (%(move)s)": "%(card)s: mandar al sitio preferido (%(move)s)",
    "%(card)s: put down": "%(card)s: soltar",
    "%(card)s: move (%(move)s)": "%(card)s: mover (%(move)s)",
    "%(card)s: pick up": "%(card)s: coger",
    "Move to %(place)s (%(move)s), preferred": "Mover a %(place)s (%(move)s), el preferido",
    "Move to %(place)s (%(move)s)": "Mover a %(place)s (%(move)s)",
    "Score": "Puntuación",
    "Moves": "Jugadas",
    "Home": "En bases",
    "Points": "Puntos",
    "Time": "Tiempo",
    "Mode": "Modo",
    "Hint: %(move)s": "Pista: %(move)s",
    "Dead end: no card can reach a foundation any more, whatever you move.": "Callejón sin salida: ninguna carta puede subir ya a las bases, muevas lo que muevas.",
    "Undo": "Deshacer",
    "Give up": "Rendirse",
    "Replay this deal": "Repetir la partida",
    "You won! All %(count)s cards are home in %(num)s move.": (
        "¡Has ganado! Las %(count)s cartas están en las bases en %(num)s jugada.",
        "¡Has ganado! Las %(count)s cartas están en las bases en %(num)s jugadas.",
    ),
    "Play this deal again": "Repetir la partida",
    "New game": "Partida nueva",
    "No moves left: the stock is spent and nothing can move. Undo, end the game, or try the deal again.": "No quedan jugadas: el montón se ha acabado y nada se puede mover. Deshaz, termina la partida o repítela.",
    "End game": "Terminar la partida",
    "You gave up this play.": "Te has rendido en esta partida.",
    "Foundations": "Bases",
    "foundation %(name)s": "la base %(name)s",
    "Tableau": "Columnas",
    "empty column %(name)s": "columna %(name)s vacía",
    "column %(name)s": "la columna %(name)s",
    "Stock and waste": "Montón y descarte",
    "Stock: draw a card (%(left)s left)": "Montón: pasar una carta (quedan %(left)s)",
    "Turn the waste over (redeal)": "Dar la vuelta al descarte",
    "Stock is empty": "El montón está vacío",
    "Stock: %(num)s card": ("Montón: %(num)s carta", "Montón: %(num)s cartas"),
    "Waste: %(num)s card": ("Descarte: %(num)s carta", "Descarte: %(num)s cartas"),
    "%(num)s redeal left": ("Queda %(num)s vuelta", "Quedan %(num)s vueltas"),
    "There are still moves on the table": "Aún hay jugadas en la mesa",
    "Actions": "Acciones",
    "Redo": "Rehacer",
    "Finish": "Terminar",
    "Hint": "Pista",
    "Give up this game?": "¿Rendirte en esta partida?",
    "Restart this deal": "Repetir la partida",
    "Move safe cards up: on": "Subir cartas seguras: sí",
    "Move safe cards up: off": "Subir cartas seguras: no",
    "Only solvable deals: on": "Solo partidas con solución: sí",
    "Options": "Opciones",
    "Only solvable deals: off": "Solo partidas con solución: no",
    "Selection": "Selección",
    "%(num)s card": ("%(num)s carta", "%(num)s cartas"),
    "Take one more card": "Coger una más",
    "Take one card fewer": "Coger una menos",
    "Max %(n)s at once": "Máx. %(n)s de una vez",
    "No place takes them": "Ningún sitio las admite",
    "No place takes it": "Ningún sitio la admite",
    "Cancel": "Cancelar",
    "Give up?": "¿Rendirte?",
    "Game %(number)s (%(mode)s): %(num)s move so far, %(home)s of 104 cards home.": (
        "Partida %(number)s (%(mode)s): %(num)s jugada hasta ahora, %(home)s de 104 cartas en las bases.",
        "Partida %(number)s (%(mode)s): %(num)s jugadas hasta ahora, %(home)s de 104 cartas en las bases.",
    ),
    "The play ends here and its finish card is kept in your statistics.": "La partida termina aquí y su tarjeta final queda en tus estadísticas.",
    "Keep playing": "Seguir jugando",
    "Records of game %(number)s": "Récords de la partida %(number)s",
    "Fewest moves wins; on equal moves, less time. One line per player.": "Gana quien menos jugadas hace; con las mismas jugadas, quien tarda menos. Una línea por jugador.",
    "Challenge a friend": "Retar a un amigo",
    "Your statistics": "Tus estadísticas",
    "Played": "Partidas jugadas",
    "Won": "Ganadas",
    "Win rate": "Porcentaje de victorias",
    "Current streak": "Racha actual",
    "Longest streak": "Mejor racha",
    "Best time": "Mejor tiempo",
    "Fewest moves": "Menos jugadas",
    "Last result": ("Último resultado", "Últimos %(num)s resultados"),
    "Last results": "Últimos resultados",
    "One bar per finished game, oldest on the left: gold and full for a win, otherwise as high as the share of cards brought home.": "Una barra por partida terminada, la más antigua a la izquierda: dorada y entera si se ganó; si no, tan alta como la parte de cartas subidas a las bases.",
    "not won (height: cards home)": "no ganada (altura: cartas en las bases)",
    "No finished games yet in this mode. Finish one and it shows up here.": "Aún no has terminado ninguna partida en este modo. Termina una y aparecerá aquí.",
    "New record!": "¡Nuevo récord!",
    "Best on this deal": "El mejor en esta partida",
    "Set-up position: this play does not count for records or statistics.": "Posición preparada: esta partida no cuenta para récords ni estadísticas.",
    "Undos": "Jugadas deshechas",
    "Hints": "Pistas",
    "Cards home": "En las bases",
    "Records of this deal": "Récords de esta partida",
    "Your name on the records": "Tu nombre en los récords",
    "Save": "Guardar",
    "Up to %(max)s characters; leave it empty to stay anonymous.": "Hasta %(max)s caracteres; déjalo vacío para seguir en el anonimato.",
    "More": "Más",
    "Language": "Idioma",
    "you": "tú",
    "%(num)s move": ("%(num)s jugada", "%(num)s jugadas"),
    "Nobody has won this deal in this mode yet.": "Nadie ha ganado aún esta partida en este modo.",
    "Your best: %(num)s move, %(time)s": (
        "Tu mejor marca: %(num)s jugada, %(time)s",
        "Tu mejor marca: %(num)s jugadas, %(time)s",
    ),
    # Post-game analysis (app/web/views/analysis.py, templates/analysis.html, partials/board.html)
    "You have not played this deal yet.": "Aún no has jugado esta partida.",
    "You won this play: there is no lost move to look for.": "Has ganado esta partida: no hay ninguna jugada perdedora que buscar.",
    "This game is not over yet. The analysis opens once it is lost, given up or at a dead end.": "Esta partida aún no ha terminado. El análisis se abre cuando se pierde, te rindes o llega a un callejón sin salida.",
    "Solver: %(num)s position of your game checked": (
        "Solucionador: %(num)s posición de tu partida comprobada",
        "Solucionador: %(num)s posiciones de tu partida comprobadas",
    ),
    "%(seconds)s s": "%(seconds)s s",
    "You could still have won": "Aún podías ganar",
    "When the game ended the deal was still winnable: the solver wins from your last position.": "Cuando terminó la partida aún se podía ganar: el solucionador gana desde tu última posición.",
    "The deal itself could not be won": "Esta partida no se podía ganar",
    "The solver proved that no sequence of moves wins this deal, even knowing the stock. Nothing you played lost it.": "El solucionador demostró que ninguna serie de jugadas gana esta partida, ni siquiera conociendo el montón. Nada de lo que jugaste la perdió.",
    "The solver could not decide in time": "El solucionador no pudo decidir a tiempo",
    "Within its time budget the solver found no win from the deal, and could not prove there is none.": "En el tiempo del que dispone, el solucionador no encontró cómo ganar desde el reparto, ni pudo demostrar que no se pueda.",
    "The deal was winnable, and your first move lost it.": "La partida se podía ganar, y tu primera jugada la perdió.",
    "After your first move the deal was still winnable; your next move lost it.": (
        "Tras tu primera jugada aún se podía ganar; la siguiente la perdió.",
        "Tras %(num)s jugadas aún se podía ganar; la siguiente la perdió.",
    ),
    "Where it was lost": "Dónde se perdió",
    "The solver proved that no win exists after it.": "El solucionador demostró que después ya no había forma de ganar.",
    "The deal was winnable; after your first move the solver found no win in time.": "La partida se podía ganar; tras tu primera jugada el solucionador no encontró a tiempo cómo ganar.",
    "After your first move the deal was still winnable; after the next one the solver found no win in time.": (
        "Tras tu primera jugada aún se podía ganar; tras la siguiente el solucionador no encontró a tiempo cómo ganar.",
        "Tras %(num)s jugadas aún se podía ganar; tras la siguiente el solucionador no encontró a tiempo cómo ganar.",
    ),
    "Where it was probably lost": "Dónde probablemente se perdió",
    "It could not prove that none exists, so that move may not be the one that lost it.": "No pudo demostrar que no la hubiera, así que quizá no fue esa la jugada que la perdió.",
    "From where you stopped": "Desde donde lo dejaste",
    "From the losing point": "Desde donde se perdió",
    "From the deal": "Desde el reparto",
    "Draw from the stock": "Robar del montón",
    "Turn the waste over": "Dar la vuelta al descarte",
    "%(cards)s to a foundation": "%(cards)s a una base",
    "%(cards)s to the empty column %(column)s": "%(cards)s a la columna vacía %(column)s",
    "%(cards)s onto %(card)s": "%(cards)s sobre %(card)s",
    "Analysis": "Análisis",
    "The solver knows the order of the stock; at the table nobody does.": "El solucionador conoce el orden del montón; en la mesa nadie lo conoce.",
    "Analysis with the stock known": "Análisis conociendo el montón",
    "Analysing… the solver replays your game to find where the deal was lost. This takes up to half a minute.": "Analizando… el solucionador repasa tu partida para encontrar dónde se perdió. Tarda hasta medio minuto.",
    "Reload": "Recargar",
    "The analysis could not be completed. Try again in a minute.": "No se pudo completar el análisis. Vuelve a intentarlo dentro de un minuto.",
    "The solver is busy with other analyses. Try again in a minute.": "El solucionador está ocupado con otros análisis. Vuelve a intentarlo dentro de un minuto.",
    "You played": "Jugaste",
    "The solver plays": "El solucionador juega",
    "The solver knows the order of the stock; at the table nobody does, so a winnable position can look hopeless.": "El solucionador conoce el orden del montón; en la mesa nadie lo conoce, así que una posición ganable puede parecer perdida.",
    "Winning line": "Línea ganadora",
    "Move %(step)s of %(total)s": "Jugada %(step)s de %(total)s",
    "End of the line": "Fin de la línea",
    "Next": "Siguiente",
    "Won: every card is home.": "Ganada: todas las cartas están en las bases.",
    "Step through the line": "Recorre la línea",
    "Back to the start of the line": "Volver al principio de la línea",
    "Previous": "Anterior",
    "Back to the table": "Volver a la mesa",
    "See where it was lost": "Ver dónde se perdió",
    "Board": "Mesa",
}


def main() -> int:
    """Write the Spanish catalog; returns the number of messages left untranslated."""
    with (ROOT / "app/locale/messages.pot").open("rb") as f:
        template = read_po(f)
    template.locale = "es"  # type: ignore[assignment]
    template.project, template.version = "forty-thieves", "0.1"
    template.fuzzy = False
    template.last_translator = template.language_team = "Forty Thieves maintainers"
    missing = 0
    for message in template:
        if not message.id:
            continue
        key = message.id[0] if isinstance(message.id, tuple) else message.id
        text = ES.get(key)
        if text is None:
            print("untranslated:", key, file=sys.stderr)
            missing += 1
            continue
        if isinstance(text, tuple):
            # CLDR gives Spanish three plural forms (one, many: a round million, other).
            text = (text[0],) + (text[1],) * (template.num_plurals - 1)
        message.string = text
    out = ROOT / "app/locale/es/LC_MESSAGES/messages.po"
    with out.open("wb") as f:
        write_po(f, template, width=120, omit_header=False)
    return missing


if __name__ == "__main__":
    sys.exit(1 if main() else 0)
