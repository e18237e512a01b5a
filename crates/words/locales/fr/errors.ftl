# Les refus : ce qu'un joueur lit, en privé, quand une demande ne peut pas se faire. Les arguments arrivent
# comme l'interface les montre : $command est une commande qu'on peut cliquer, $name un nom tel qu'écrit.

error-unknown-command = Je ne connais pas la commande { $name }. Essayez { $help }.
error-unknown-option = La commande { $command } n'a pas d'option { $option }. Essayez { $help }.
error-missing-option = Merci de donner l'option `{ $option }`.
error-bad-option = `{ $option }` doit être { $expected }.
error-no-such-house = Il n'y a pas de case { $house } : les cases vont de 1 à 12.
error-unknown-player = Je ne connais pas de joueur nommé { $name }.
error-unknown-channel = Je ne connais pas de salon nommé { $name }.
error-self-challenge = Vous ne pouvez pas vous défier vous-même.
error-challenge-bot = { $name } est un bot : on ne peut pas défier les bots.
error-channel-not-allowed = On ne peut pas jouer de partie dans ce salon.
error-challenge-open = Un défi est déjà ouvert dans ce salon ({ $challenger } à { $challenged }).
error-match-in-channel = Ce fil a déjà sa propre partie : un fil ne tient qu'une partie.
error-pair-in-channel = { $a } et { $b } ont déjà une partie dans ce salon : terminez-la d'abord.
error-which-match = Quelle partie ? Il y en a plusieurs ici : ajoutez `match:N` à la commande, N parmi { $matches }.
error-match-elsewhere = La partie n° { $id } se joue dans { $channel } : ses commandes marchent là-bas.
error-match-over = La partie n° { $id } est terminée : revoyez-la avec { $replay }.
error-no-such-tournament = Il n'y a pas de tournoi n° { $id } sur ce serveur.
error-no-tournament = Il n'y a pas encore de tournoi sur ce serveur. Lancez-en un avec { $create }.
error-which-tournament = Quel tournoi ? Ajoutez `tournament:N` à la commande, N parmi : { $tournaments }.
error-tournament-endless = Les parties d'un tournoi doivent finir : donnez-leur un objectif de cases ou un nombre de manches maximal (`match_rounds`).
error-round-robin-rounds = Un tournoi toutes rondes joue autant de rondes qu'il faut (chacun rencontre chacun une fois) : `rounds` sert aux tournois suisses.
error-start-in-the-past = Cette heure de début est passée : donnez une heure à venir, comme `in 2d`.
error-tournament-started = **{ $tournament }** a déjà commencé : inscriptions et départs sont fermés.
error-too-few-players = **{ $tournament }** a besoin d'au moins deux joueurs pour commencer ({ $joined } pour l'instant) : les inscriptions continuent.
error-tournament-not-started = **{ $tournament }** n'a pas encore commencé.
error-tournament-over = **{ $tournament }** est terminé.
error-already-joined = Vous êtes déjà inscrit à **{ $tournament }**.
error-tournament-full = **{ $tournament }** est complet : il accueille { $limit } joueurs.
error-not-in-tournament = Vous ne jouez pas dans **{ $tournament }**.
error-not-organiser = Seul son organisateur, { $name }, ou un administrateur du serveur peut faire cela.
error-no-challenge = Il n'y a pas de défi ouvert dans ce salon.
error-challenge-expired = Ce défi a expiré.
error-not-challenged = Ce défi s'adresse à { $name }.
error-not-challenger = Seul { $name } peut annuler ce défi.
error-own-challenge = Vous ne pouvez pas accepter votre propre défi : { $name } doit y répondre (ou vous pouvez l'annuler avec { $cancel }).
error-no-match = Il n'y a pas de partie dans ce salon.
error-not-a-player = Seuls { $south } et { $north } jouent cette partie.
error-not-your-turn = C'est au tour de { $name }.
error-stale = Ce n'est plus d'actualité : la partie a avancé. { $board } la montre telle qu'elle est.
error-draw-already-offered = Vous avez déjà proposé la nulle ; { $name } peut l'accepter avec { $draw }.
error-nothing-to-take-back = Il n'y a aucun coup à reprendre dans cette partie.
error-takeback-not-yours = Le dernier coup est celui de { $name }, qui n'a pas demandé à le reprendre : seul votre propre dernier coup peut être repris, avant que votre adversaire ne joue.
error-takeback-across-rounds = Le dernier coup a terminé la manche { $round } : un coup qui termine une manche ne peut pas être repris.
error-takeback-already-asked = Vous avez déjà demandé à reprendre votre coup ; { $name } peut accepter avec { $takeback }, et vous pouvez retirer la demande avec { $withdraw }.
error-challenge-too-soon = Votre dernier défi à { $name } a été refusé ou retiré à l'instant : vous pourrez le défier de nouveau { $when }.
error-takeback-once-per-move = Vous avez déjà demandé à reprendre ce coup, et c'est une demande par coup : { $name } n'est pas sollicité de nouveau. Jouez.
error-not-allowed-anyway = Les parties ne sont de toute façon pas permises dans { $channel } : les salons permis sont ceux qu'indique { $settings }.
error-last-allowed-channel = { $channel } est le seul salon où les parties sont permises ; sans lui, elles le seraient partout. Permettez-en d'abord un autre, ou utilisez { $all }.
error-busy = Cela fait beaucoup d'images, de rejeux et d'analyses en une minute : vous pourrez redemander { $when }.
error-no-takeback-request = Personne n'a demandé à reprendre un coup dans cette partie.
error-computer-no-takeback = { $name } joue aussitôt, on ne reprend donc pas de coup contre lui : jouez, ou { $resign }.
error-not-admin = Seuls les membres qui peuvent gérer le serveur peuvent utiliser { $admin }.
error-no-stats = Vous n'avez pas encore joué de partie classée ici pendant cette saison.
error-season-just-started = La saison { $season } a commencé il y a moins d'une minute : elle ne se termine pas de sitôt.
error-no-such-season = Il n'y a pas encore de saison { $asked } : ce serveur en est à la saison { $current }.
error-computer-thinking = { $name } réfléchit… Votre tour vient dès qu'il a joué.
error-computer-no-draw = { $name } n'accepte pas la nulle : jouez, ou { $resign }.
error-level-for-people = `level` sert à une partie contre namnam, l'ordinateur.
error-nothing-to-rematch = Vous n'avez pas de partie terminée dans ce salon à rejouer.
error-rematch-active = La partie n° { $id } est encore en cours : une revanche pourra suivre quand elle sera finie.
error-rematch-aborted = La partie n° { $id } a été arrêtée par un administrateur : lancez-en une autre avec { $challenge }.
error-not-active = La partie n° { $id } n'est pas en cours : seule une partie en cours peut passer dans un fil.
error-no-such-match = Il n'y a pas de partie n° { $id } sur ce serveur : le numéro d'une partie figure sur ses plateaux (Partie n° 12).
error-live-match-of-others = La partie n° { $id } est encore en cours : jusqu'à sa fin, seuls ses joueurs peuvent la revoir.
error-analyse-live = La partie n° { $id } est encore en cours : l'ordinateur n'examine une partie qu'une fois terminée, pour que son avis n'aide aucun joueur en pleine partie.
error-nothing-to-analyse = La partie n° { $id } n'a aucun coup à analyser.
error-analysis-queued = L'ordinateur examine déjà la partie n° { $id } : son verdict sera publié là où il a été demandé.

# Un coup que les règles refusent.
illegal-not-owner = La case { $house } appartient à { $owner } : jouez une de vos cases.
illegal-empty-house = La case { $house } est vide.
illegal-endless = La case { $house } sèmerait sans fin (un coup infini) : ce coup n'est pas permis.
illegal-must-feed = { $owner } n'a plus de graines : vous devez jouer un coup qui lui en donne, et la case { $house } ne le fait pas.
illegal-round-over = La manche est terminée.

# What an option takes, in a refusal of a bad value: "`clock` must be …".
wanted-house = un numéro de case de 1 à 12
wanted-on-off = `on` ou `off`
wanted-yes-no = `yes` ou `no`
wanted-admin-command = `abort`, `settings` ou `season`
wanted-tournament-command = `create`, `join`, `leave`, `start`, `standings`, `pairings`, `withdraw` ou `cancel`
wanted-match-number-as-shown = un numéro de partie, comme dans Partie n° 12
wanted-endgame = `capturer` ou `starter`
wanted-first-mover = `challenger`, `challenged` ou `random`
wanted-target = de 7 à 12 cases, ou `none`
wanted-match-rounds = de 1 à 99 manches
wanted-clock = une durée de 5m à 7d, comme 30m, 24h ou 3d
wanted-level = un niveau de 1 (doux) à 5 (le plus fort)
wanted-challenge-number = un numéro de défi
wanted-match-number = un numéro de partie
wanted-move-number = un numéro de coup à partir de 0
wanted-page-number = un numéro de page à partir de 1
wanted-season-number = un numéro de saison à partir de 1
wanted-language = `en`, `fr` ou `discord` (comme le dit Discord)
wanted-tournament-number = un numéro de tournoi, comme dans tournoi n° 3
wanted-format = `swiss` ou `round-robin`
wanted-tournament-rounds = de 1 à 32 rondes
wanted-round-days = de 1 à 60 jours
wanted-start = un délai, comme in2d, ou une heure UTC comme 2026-12-24T18:00
wanted-limit = de 2 à 128 joueurs
wanted-existing-page = une page qui existe
wanted-tournament-name = un nom de 1 à 60 caractères

# Something went wrong on the bot's side.
apology = Désolé, quelque chose s'est mal passé de mon côté. Rien de ce que vous avez fait n'est perdu ; réessayez dans un instant ({ $board } montre la partie telle qu'elle est).
wanted-web = `yes`, `new-link` ou `no`
wanted-puzzle-command = `play`, `answer house:N` ou `stats`

## Problèmes
error-no-puzzle = Vous n'avez aucun problème en attente : { $puzzle } vous en montre un.
error-puzzle-not-yours = Ce problème est celui de quelqu'un d'autre : { $puzzle } vous en montre un à vous.
error-puzzle-answered = Vous avez déjà répondu à ce problème, et seule la première réponse compte : { $puzzle } montre le suivant.
error-puzzle-gone = Ce problème n'est plus dans la série : { $puzzle } en montre un autre.
error-puzzle-illegal = La case { $house } n'est pas jouable dans ce problème : jouez { $houses }.
