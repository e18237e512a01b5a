# Les commandes slash telles que Discord les montre (docs/translating.md, « Les commandes slash »).
#
# Un nom : lettres minuscules, chiffres, `-` et `_`, au plus 32 caractères, différent de ceux de ses
# voisins ; une description : 1 à 100 caractères ; un choix : 1 à 100 caractères.

## Lancer et jouer des parties

# Le menu d'un membre (Applications) : `menu-<nom>` est le nom affiché, texte libre de 32 caractères au plus.
menu-challenge-menu = Défier au Nam-nam
command-challenge = défier
    .description = Défier quelqu'un à une partie de Nam-nam dans ce salon (ou moi, pour jouer contre l'ordinateur)
command-challenge-opponent = adversaire
    .description = Qui affronter (moi, le bot : l'ordinateur ; sans adversaire : qui accepte ici)
command-challenge-endgame = dernières-graines
    .description = Qui prend les dernières graines d'une manche (par défaut : le preneur)
command-challenge-chain = prises-en-chaîne
    .description = Jouer les prises en chaîne (par défaut : non)
command-challenge-first = premier
    .description = Qui joue en premier à la manche 1 (par défaut : au hasard)
command-challenge-target = objectif
    .description = Les cases qui gagnent la partie (par défaut : celui du serveur, 10)
command-challenge-rounds = manches
    .description = Finir la partie après ce nombre de manches (par défaut : sans limite)
command-challenge-clock = temps
    .description = Le temps pour chaque coup (par défaut : celui du serveur, 24 h)
command-challenge-level = niveau
    .description = Contre moi, l'ordinateur : 1 (débutant) à 6 (le plus fort) ; une première partie est au 1

command-accept = accepter
    .description = Accepter le défi qui vous attend dans ce salon
command-decline = refuser
    .description = Refuser le défi qui vous attend dans ce salon
command-cancel = annuler
    .description = Retirer votre défi ouvert dans ce salon

command-move = coup
    .description = Jouer une case dans la partie de ce salon
command-move-house = case
    .description = La case à jouer, 1 à 12 (commencez à taper : vos cases jouables sont proposées)
command-move-match = partie
    .description = Laquelle de vos parties ici, si vous en avez plusieurs (commencez à taper : elles sont proposées)

command-board = plateau
    .description = Montrer de nouveau le plateau de la partie de ce salon
command-board-match = partie
    .description = Quelle partie ici, s'il y en a plusieurs (commencez à taper : les vôtres sont proposées)

command-resign = abandonner
    .description = Abandonner la partie de ce salon (demande confirmation)
command-resign-confirm = confirmer
    .description = oui : abandonner tout de suite, sans le bouton de confirmation
command-resign-match = partie
    .description = Laquelle de vos parties ici, si vous en avez plusieurs (commencez à taper : elles sont proposées)

command-draw = nulle
    .description = Proposer la nulle, ou accepter celle de votre adversaire
command-draw-match = partie
    .description = Laquelle de vos parties ici, si vous en avez plusieurs (commencez à taper : elles sont proposées)

command-takeback = reprise
    .description = Demander à reprendre votre dernier coup (avant que l'adversaire joue), ou accepter sa demande
command-takeback-decline = refuser
    .description = oui : refuser la demande de votre adversaire (ou retirer la vôtre)
command-takeback-match = partie
    .description = Laquelle de vos parties ici, si vous en avez plusieurs (commencez à taper : elles sont proposées)

command-rematch = revanche
    .description = Rejouer contre votre dernier adversaire de ce salon, aux mêmes conditions

## Revenir sur les parties

command-matches = parties
    .description = Vos parties en cours sur ce serveur, et celles où c'est à vous de jouer
command-history = historique
    .description = Les coups de la partie de ce salon
command-history-match = partie
    .description = Quelle partie ici, s'il y en a plusieurs (commencez à taper : les vôtres sont proposées)
command-leaderboard = classement
    .description = Les meilleurs joueurs de ce serveur ; ailleurs, vous et vos adversaires
command-leaderboard-page = page
    .description = La page du classement (par défaut : 1)
command-leaderboard-season = saison
    .description = Le classement final d'une saison terminée (par défaut : cette saison)
command-stats = stats
    .description = La cote et le bilan d'un joueur sur ce serveur, et sa cote hors serveurs
command-stats-player = joueur
    .description = Le bilan de qui (par défaut : le vôtre)
command-export = exporter
    .description = Le relevé d'une partie en fichier (toute partie finie du serveur ; la vôtre pendant qu'elle se joue)
command-export-match = partie
    .description = Le numéro de la partie, comme dans Partie n° 12
command-replay = revoir
    .description = Revoir une partie coup par coup, avec des boutons
command-replay-match = partie
    .description = Le numéro de la partie, comme dans Partie n° 12
command-replay-move = coup
    .description = Commencer après ce coup (par défaut : avant le premier)
command-replay-public = public
    .description = La montrer au salon (par défaut : vous seul la voyez)
command-analyse = analyser
    .description = Le verdict de l'ordinateur sur une partie finie : les erreurs qui ont le plus compté
command-analyse-match = partie
    .description = Le numéro de la partie, comme dans Partie n° 12
command-notify = notifications
    .description = Un message privé quand c'est à vous de jouer (pas quand vous êtes devant le plateau)
command-notify-on = activer
    .description = M'écrire en privé quand c'est à moi de jouer (pas quand je suis devant le plateau)
command-notify-off = désactiver
    .description = Plus de messages privés quand c'est à moi de jouer
command-puzzle = problème
    .description = Problèmes : trouver le meilleur coup, en privé (une seule cote, la même sur tous les serveurs)
command-puzzle-play = jouer
    .description = Me montrer un problème (celui qui attend ma réponse, sinon un nouveau)
command-puzzle-answer = répondre
    .description = Répondre à mon problème (ou appuyer sur un de ses boutons de case)
command-puzzle-answer-house = case
    .description = La case à jouer, 1 à 12
command-puzzle-stats = stats
    .description = Ma cote des problèmes, les problèmes résolus et mes séries
command-learn = apprendre
    .description = Apprendre le Nam-nam, une courte leçon à la fois, en privé (jusqu'à un premier match)
command-learn-stage = étape
    .description = La leçon, par son numéro (sans lui : là où vous en êtes)
command-learn-house = case
    .description = La case à jouer dans la leçon, 1 à 12 (ou appuyez sur son bouton)

## Les tournois

command-tournament = tournoi
    .description = Tournois : en créer un, s'inscrire, lancer, classement, appariements, abandonner, annuler
command-tournament-create = créer
    .description = Créer un tournoi dans ce salon : les joueurs s'inscrivent avec un bouton
command-tournament-create-name = nom
    .description = Le nom du tournoi
command-tournament-create-format = formule
    .description = Suisse (par défaut) ou toutes rondes
command-tournament-create-rounds = rondes
    .description = Suisse : les rondes à jouer (par défaut : assez pour trouver un vainqueur)
command-tournament-create-target = objectif
    .description = Les cases qui gagnent une partie (par défaut : celui du serveur, 10)
command-tournament-create-match_rounds = manches
    .description = Finir chaque partie après ce nombre de manches (nécessaire sans objectif)
command-tournament-create-clock = temps
    .description = Le temps pour chaque coup (par défaut : celui du serveur, 24 h)
command-tournament-create-endgame = dernières-graines
    .description = Qui prend les dernières graines d'une manche (par défaut : le preneur)
command-tournament-create-chain = prises-en-chaîne
    .description = Jouer les prises en chaîne (par défaut : non)
command-tournament-create-round_days = jours-par-ronde
    .description = Les jours que dure au plus une ronde : ses parties inachevées se comptent aux cases (7 par défaut)
command-tournament-create-start = début
    .description = Démarrer seul : in 2d, in 6h, ou une heure UTC comme 2026-12-24 18:00 (sinon : quand vous lancez)
command-tournament-create-limit = limite
    .description = Le nombre maximal de joueurs (par défaut : sans limite)
command-tournament-join = rejoindre
    .description = S'inscrire à un tournoi avant qu'il commence
command-tournament-join-tournament = tournoi
    .description = Quel tournoi (par défaut : celui de ce salon)
command-tournament-leave = quitter
    .description = Se désinscrire d'un tournoi avant qu'il commence
command-tournament-leave-tournament = tournoi
    .description = Quel tournoi (par défaut : celui de ce salon)
command-tournament-start = lancer
    .description = Lancer un tournoi maintenant (son organisateur ou un admin) : la ronde 1 est appariée
command-tournament-start-tournament = tournoi
    .description = Quel tournoi (par défaut : celui de ce salon)
command-tournament-standings = classement
    .description = Le classement d'un tournoi, en image
command-tournament-standings-tournament = tournoi
    .description = Quel tournoi (par défaut : celui de ce salon)
command-tournament-pairings = appariements
    .description = Les appariements de la ronde en cours d'un tournoi
command-tournament-pairings-tournament = tournoi
    .description = Quel tournoi (par défaut : celui de ce salon)
command-tournament-withdraw = abandonner
    .description = Abandonner un tournoi : vos parties restantes sont perdues par forfait
command-tournament-withdraw-tournament = tournoi
    .description = Quel tournoi (par défaut : celui de ce salon)
command-tournament-cancel = annuler
    .description = Annuler un tournoi (son organisateur ou un admin)
command-tournament-cancel-tournament = tournoi
    .description = Quel tournoi (par défaut : celui de ce salon)

## Les règles, l'aide, et les admins du serveur

command-rules = règles
    .description = Les règles du Nam-nam en bref
command-help = aide
    .description = Comment jouer au Nam-nam ici : les commandes
command-admin = admin
    .description = Admin du serveur : interrompre une partie, changer les réglages, commencer une saison
command-admin-abort = interrompre
    .description = Interrompre la partie de ce salon ; elle ne compte pas au classement
command-admin-abort-match = partie
    .description = Quelle partie ici, s'il y en a plusieurs
command-admin-settings = réglages
    .description = Montrer les réglages de ce serveur, ou changer ceux que vous donnez
command-admin-settings-allow = autoriser
    .description = Permettre les parties dans ce salon (et alors seulement dans les salons autorisés)
command-admin-settings-disallow = interdire
    .description = Plus de parties dans ce salon
command-admin-settings-every-channel = tous-les-salons
    .description = oui : des parties dans tous les salons de nouveau
command-admin-settings-clock = temps
    .description = Le temps par coup des nouveaux défis quand aucun n'est donné
command-admin-settings-target = objectif
    .description = L'objectif des nouveaux défis : un nombre de cases, ou aucun
command-admin-settings-threads = fils
    .description = Donner à chaque partie son propre fil
command-admin-settings-language = langue
    .description = La langue de ce que tout le monde voit ici (une réponse privée suit chaque lecteur)
command-admin-settings-web = web
    .description = La page web du serveur : oui, nouveau lien (l'ancien cesse) ou non
command-admin-settings-daily-puzzle = problème-du-jour
    .description = Publier un problème chaque jour dans ce salon
command-admin-settings-daily-puzzle-off = sans-problème-du-jour
    .description = oui : plus de problème du jour
command-admin-season = saison
    .description = Commencer une saison : classement remis à zéro, l'ancien est gardé et son podium annoncé
command-admin-season-news = annonces
    .description = Le salon où les nouvelles de la saison sont annoncées
command-admin-season-monthly = mensuelle
    .description = Commencer seul une nouvelle saison le premier de chaque mois (UTC)
command-admin-season-start = commencer
    .description = Commencer une nouvelle saison maintenant (par défaut : oui ; non ne change que les options)

## Les choix

choice-yes = oui
choice-no = non
choice-new-link = nouveau lien
choice-endgame-capturer = au preneur
choice-endgame-starter = à qui a commencé la manche
choice-first-challenger = qui défie
choice-first-challenged = qui est défié
choice-first-random = au hasard
choice-clock-5m = 5 min
choice-clock-15m = 15 min
choice-clock-1h = 1 h
choice-clock-6h = 6 h
choice-clock-24h = 24 h
choice-clock-3d = 3 jours
choice-clock-7d = 7 jours
# Chaque langue par son propre nom, dans toutes les langues.
choice-language-english = English
choice-language-french = Français
# The language set in a Community server's settings.
choice-language-discord = Comme le dit Discord
choice-target-none = aucun : jusqu'à ce qu'un joueur possède toutes les cases
choice-target-7 = 7 cases
choice-target-8 = 8 cases
choice-target-9 = 9 cases
choice-target-10 = 10 cases
choice-target-11 = 11 cases
choice-pairing-swiss = suisse : un nombre fixé de rondes, les scores égaux se rencontrent
choice-pairing-round-robin = toutes rondes : chacun rencontre chacun une fois
