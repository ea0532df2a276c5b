"""The first lesson's explanations, in a player's words, keyed by the situation the table page
sees (`static/games/table/lesson.js` tells which has come): the up card, a bid, trump and its
bowers, a lead, following suit, trump led, a bower played, a trick won, the hand's score. Never
tied to the cards of the lesson's deal: the player may bid and play otherwise than the hints
say, and each text fits whatever happens. The page fills in the names in braces ({suit}, the
trump suit's name; {left_suit}, the suit of the same colour; {upcard}; {maker}; {leader};
{winner}; {card}; {player}; {maker_side}: "Your side" or
"The other side") from what the table shows.

Each is shown once, the first time its situation comes, in the order the game brings them."""

from __future__ import annotations

from typing import NamedTuple


class LessonText(NamedTuple):
    title: str
    text: str


LESSON_TEXTS: dict[str, LessonText] = {
    "welcome": LessonText(
        "Your first hand",
        "You sit at the bottom; your partner sits across from you, at the top. The two "
        "computers on your left and right are the other side. Each player has five cards, and "
        "the first side to 10 points wins. This panel explains each step as it comes; press "
        "Hint whenever it is your turn to see what the strong computer player would do.",
    ),
    "upcard": LessonText(
        "The up card",
        "The card turned face up beside the dealer, the {upcard}, offers its suit as trump. "
        "In turn each player may order it up: {suit} becomes trump, the dealer takes the card "
        "and lays another away, and whoever ordered it promises that their side will take at "
        "least three of the five tricks. Or they pass. Jacks matter most: with {suit} as trump "
        "the jack of {suit} and the jack of {left_suit} are the two highest cards.",
    ),
    "ordered_up": LessonText(
        "Ordered up",
        "{maker} ordered up the {upcard}: {suit} is trump for this hand, and the dealer picks "
        "the card up. {maker_side} must now take three tricks or more.",
    ),
    "second_round": LessonText(
        "Naming trump",
        "Everyone passed, so the up card is turned down. Now each player in turn may name any "
        "other suit as trump, or pass again.",
    ),
    "named": LessonText(
        "Trump named",
        "{maker} named {suit} as trump. {maker_side} must now take three tricks or more.",
    ),
    "discard": LessonText(
        "Laying a card away",
        "As the dealer you took the up card: you have six cards, so click the one to lay "
        "away. A lone card of a suit that is not trump is often the one to give up.",
    ),
    "alone": LessonText(
        "Alone, or with your partner?",
        "Your side chose trump, so you may go alone: your partner lays their cards down, and "
        "taking all five tricks by yourself scores 4 points instead of 2. It takes a very "
        "strong hand; with most hands, play with your partner.",
    ),
    "bowers": LessonText(
        "Trump and the bowers",
        "{suit} is trump and beats every other suit. Its highest card is the jack of {suit}, "
        "the right bower; next comes the jack of {left_suit}, the left bower, which counts as "
        "a {suit} card for the whole hand. Then the ace, king, queen, ten and nine of {suit}.",
    ),
    "lead": LessonText(
        "Your lead",
        "You lead this trick: any card you like. A high trump draws out the others' trumps; "
        "an ace of another suit often wins a trick by itself.",
    ),
    "follow": LessonText(
        "Following suit",
        "{leader} led: you must play a card of the suit led if you have one, and the cards you "
        "may play are the ones raised in your hand. Remember that the left bower belongs to "
        "trump, not to its own suit. With none of the suit led you may trump, or throw away "
        "any card.",
    ),
    "trump_led": LessonText(
        "Trump led",
        "{leader} led trump: everyone who holds a {suit} card (the left bower too) must play one.",
    ),
    "right_bower": LessonText(
        "The right bower",
        "{player} played the jack of {suit}, the right bower: no card beats it.",
    ),
    "left_bower": LessonText(
        "The left bower",
        "{player} played the jack of {left_suit}, the left bower: a {suit} card this hand, "
        "beaten only by the right bower.",
    ),
    "trick_won": LessonText(
        "A trick",
        "{winner} won the trick with the {card}: the highest trump wins a trick, or if nobody "
        "played trump the highest card of the suit led. The winner leads the next trick.",
    ),
    "hand_over": LessonText(
        "The score",
        "The hand is over. The side that chose trump needed three tricks: three or four score "
        "1 point, all five (a march) 2. With fewer they are euchred, and the other side scores "
        "2. The score sheet beside the table keeps the count.",
    ),
    "done": LessonText(
        "That was a whole hand",
        "The game goes on, hand after hand, until a side has 10 points. Play it out with "
        "hints, or leave the lesson: it is free and counts for nothing, and you can take it "
        "again from the rules page.",
    ),
}


def lesson_texts() -> dict[str, dict[str, str]]:
    """The texts as the page reads them (`json_script`)."""
    return {key: {"title": text.title, "text": text.text} for key, text in LESSON_TEXTS.items()}
