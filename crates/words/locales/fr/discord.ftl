# Les mots de la couche Discord : /aide, ce qu'on dit à un joueur quand une commande ne peut pas se faire,
# et ce qu'elle ajoute aux réponses du cœur. (Les noms des commandes slash sont dans commands.ftl.)

# La réponse à /aide : un seul message Discord, 2000 caractères au plus. Elle nomme les commandes comme
# les clients Discord en français les montrent.
discord-help = **Jouer au Nam-nam ici**
    `/apprendre` — nouveau ? Des leçons privées, règle par règle, jusqu'à un premier match
    `/défier adversaire:@quelqu'un` — inviter quelqu'un (options : dernières-graines, prises-en-chaîne, premier, objectif, manches, temps)
    `/défier adversaire:@Namnam niveau:1` — jouer contre moi, l'ordinateur : niveau 1 (débutant) à 6 (le plus fort)
    `/accepter`, `/refuser`, `/annuler` — répondre au défi ouvert dans ce salon, ou le retirer (ou utiliser ses boutons)
    `/coup case:3` — jouer une case (commencez à taper : seules vos cases jouables sont proposées) ; ou appuyer sur le bouton d'une case
    `/plateau` — revoir le plateau · `/abandonner` · `/nulle` — proposer ou accepter la nulle · `/revanche` — rejouer
    `/reprise` — demander à reprendre votre dernier coup avant que l'adversaire joue, ou accepter sa demande (`refuser:oui` la refuse)
    `/parties` — vos parties ici · `/historique` — les coups de la partie de ce salon
    `/revoir partie:12` — revoir une partie (options : coup, public) · `/analyser partie:12` — le verdict de l'ordinateur sur une partie finie · `/exporter partie:12` — son relevé en fichier
    `/classement` · `/stats` — les cotes de ce serveur et votre courbe (`saison:3` : une saison terminée) ; ailleurs : vous et vos adversaires
    `/notifications activer` — un MP quand c'est à vous de jouer, sauf devant le plateau · `/notifications désactiver`
    `/problème jouer` — un problème en privé : trouvez le meilleur coup avec ses boutons · `/problème stats` — votre cote des problèmes et vos séries
    `/tournoi créer` — un tournoi suisse ou toutes rondes ici ; `rejoindre`, `lancer`, `classement`, `appariements`, `abandonner`
    Plusieurs parties dans un salon ? Ajoutez `partie:` à une commande (vos parties sont proposées à la frappe)
    `/règles` — les règles en bref · `/admin` — interrompre une partie, réglages du serveur, nouvelle saison (Gérer le serveur)
    Pas de Discord sous la main ? `namnam console` joue la même partie dans un terminal.

## Dit en privé à qui a demandé

discord-use-slash-command = Utilisez la commande slash.
discord-server-only = Cette commande appartient à un serveur qui m'a invité : demande-la dans l'un de ses salons.
discord-managers-only = Seuls les membres qui peuvent gérer ce serveur peuvent utiliser cette commande.
discord-bad-option = Je n'ai pas pu lire cette option ; `/aide` dit ce que prend chaque commande.
discord-command-changed = Cette commande vient de changer : réessayez dans une minute.
discord-unknown-button = Je ne reconnais pas ce bouton.
discord-restarting = Je redémarre : réessayez dans une minute.
discord-apology = Désolé, quelque chose s'est mal passé de mon côté. Rien n'a changé ; réessayez, s'il vous plaît.
discord-menu-unseen = Ce membre ne voit pas ce salon : défiez quelqu'un qui le voit, ou jouez là où vous êtes tous les deux.
discord-level-range = Le niveau va de 1 à 6.
discord-no-such-house = Il n'y a pas de case { $house } : les cases sont numérotées de 1 à 12.
discord-no-such-lesson = Il n'y a pas de leçon { $stage } : les leçons sont numérotées de 1 à 13.
discord-channel-unknown = Discord n'a pas dit où est ce salon : réessayez dans un instant.
discord-channel-foreign = Ce n'est pas un salon de ce serveur que je peux voir : choisissez-en un de ce serveur avec #.
discord-start-unreadable = Je ne sais pas lire ce début : écrivez un temps d'attente, comme `in 2d`, ou une heure UTC comme `2026-12-24 18:00`.
discord-missing-permission = Je ne peux pas écrire dans ce salon : il me faut ici les permissions Voir les salons, Envoyer des messages et Joindre des fichiers (et Créer des fils publics et Envoyer des messages dans les fils quand les parties ont leur propre fil). Demandez à un admin du serveur.
discord-move-recorded = Votre coup est enregistré, mais Discord n'a pas pris ma réponse : le plateau va apparaître dans le salon dans un instant.
discord-external-apps-off = Ce serveur ne laisse pas les applications de ses membres répondre en public ici (la permission Utiliser les applications externes) : vous seul verriez le plateau. Jouez plutôt avec moi en messages privés : ouvrez { $bot } et envoyez-y une commande, ou demandez aux modérateurs du serveur de l'autoriser.
discord-move-kept-here = Votre coup est enregistré, mais Discord n'a pas pris ma réponse : le plateau suivra la prochaine commande ou le prochain bouton ici.
discord-done-kept-here = C'est fait, mais Discord n'a pas pris ma réponse : elle suivra la prochaine commande ou le prochain bouton ici.
discord-done-recorded = C'est fait, mais Discord n'a pas pris ma réponse : elle va apparaître dans le salon dans un instant.
discord-answer-lost = Discord n'a peut-être pas pris ma réponse : si vous ne la voyez pas, redemandez, s'il vous plaît.
discord-no-history = Je n'ai pas le droit de lire l'historique de ce salon (la permission Voir les anciens messages) : après une connexion coupée, je ne peux pas voir si un plateau a été montré, et je risque de le montrer deux fois. Accordez-la à mon rôle, s'il vous plaît (le lien d'invitation de mon README la demande).

discord-house-choice = Case { $house } — { $count ->
    [one] { $count } graine
   *[other] { $count } graines
}

## Ajouté à ce que tout le monde voit

discord-thread-announcement = La partie se joue dans son propre fil : **{ $thread }**.
discord-no-threads = (Je n'ai pas pu ouvrir de fil pour cette partie : il me faut ici les permissions Créer des fils publics et Envoyer des messages dans les fils. La partie se joue dans ce salon.)
discord-thread-closed = (Le fil de cette partie est verrouillé ou supprimé : son plateau est donc posté ici, et ses boutons marchent ici.)
