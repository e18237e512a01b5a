# Leçons (`learn`) : un parcours d'étapes courtes, chacune une position préparée avec une consigne, montrées en
# privé ; puis un premier match contre l'ordinateur. Chaque étape a un titre, une explication, une consigne, un
# indice (après un essai qui ne la remplit pas) et ce qui vient d'être appris (une fois remplie).

## Autour de chaque étape.
lesson-heading = **Leçon { $number } sur { $count } : { $title }**
lesson-task = **Consigne :** { $task }
lesson-passed = **Réussi !** Votre coup : { $move }.
lesson-not-yet = **Pas encore.** Votre coup : { $move }.
lesson-overview = **Leçons** : { $passed } sur { $count } réussies. Reprenez celle que vous voulez avec { $learn } et son numéro.
    { $stages }
lesson-list-passed = ✓ { $number }. { $title }
lesson-list-open = · { $number }. { $title }
lesson-stats = Leçons : { $passed } sur { $count } réussies ({ $learn }).
lesson-first-win = **Vous avez gagné votre premier match contre l'ordinateur : toutes les leçons sont réussies !** Son niveau suivant vous attend, et les joueurs d'ici aussi : lancez-leur un défi.
button-lesson-next = Leçon suivante
button-lesson-again = Encore
button-lesson-retry = Réessayer
button-lesson-previous = ◀ Précédente
button-lesson-skip = Passer ▶
button-lesson-match = Jouer contre l'ordinateur (niveau 1)

## 1. Semer.
lesson-sowing-title = Semer
lesson-sowing-explain = Douze cases : les vôtres, celles de Sud, sont 1 à 6 en bas ; celles de Nord, 7 à 12 en haut. Pour jouer, choisissez une de vos cases qui a des graines, prenez-les toutes et déposez-les une à une dans les cases suivantes, dans le sens inverse des aiguilles d'une montre (1, 2 … 12, puis 1 à nouveau). Si votre dernière graine tombe dans une case **vide**, votre coup est terminé.
lesson-sowing-task = jouez un coup dont la dernière graine tombe dans une case vide, pour qu'il s'arrête après un tour.
lesson-sowing-hint = Une case de 2 graines dépose sa dernière 2 cases plus loin. Trouvez une case dont la dernière graine tombe dans une case vide.
lesson-sowing-done = Votre dernière graine est tombée dans une case vide : un tour, et votre coup était fini.

## 2. Le relais.
lesson-relay-title = Le relais
lesson-relay-explain = Si votre dernière graine tombe dans une case qui a déjà des graines, vous les prenez toutes (celle que vous venez de poser aussi) et vous semez à partir de la case suivante : un nouveau **tour**. Un coup continue, tour après tour, jusqu'à ce que sa dernière graine tombe dans une case vide, ou fasse un quatre, comme le montrent les leçons suivantes.
lesson-relay-task = jouez un coup d'au moins 3 tours.
lesson-relay-hint = Suivez chaque tour : là où tombe sa dernière graine, si la case avait des graines, le coup continue. Cherchez la case dont le relais dure le plus.
lesson-relay-done = Trois tours ou plus : le relais a fait voyager vos graines autour du plateau.

## 3. Un quatre de votre côté.
lesson-four-own-title = Un quatre de votre côté
lesson-four-own-explain = Après chaque graine, regardez la case où elle est tombée : si cette graine lui fait avoir **exactement quatre** graines, les quatre sont prises aussitôt. Tant qu'il vous reste des graines en main, un quatre va au **propriétaire de la case** : un quatre fait dans une de vos cases est à vous, et vous continuez de semer.
lesson-four-own-task = prenez un quatre dans une de vos propres cases.
lesson-four-own-hint = Trouvez une de vos cases à 3 graines que vos semailles traversent avec encore des graines en main.
lesson-four-own-done = Votre graine a fait quatre dans votre propre case, avec encore des graines en main : elles sont allées dans votre grenier.

## 4. Un quatre pour l'autre camp.
lesson-four-given-title = Un quatre pour l'autre camp
lesson-four-given-explain = Un quatre fait avec encore des graines en main revient au propriétaire de la case, **quel que soit celui qui sème**. Un quatre que vous faites ainsi dans une case de Nord va à Nord ; et quand les semailles de Nord font quatre dans une de vos cases, ces graines sont à vous.
lesson-four-given-task = jouez un coup qui ne donne rien à Nord : aucun quatre pour lui pendant votre coup.
lesson-four-given-hint = Méfiez-vous des cases de Nord à 3 graines : une de vos graines posée là avec d'autres encore en main fait un quatre pour Nord.
lesson-four-given-done = Aucun quatre pour Nord : vous n'avez rien donné.

## 5. Un quatre avec votre dernière graine.
lesson-four-last-title = Un quatre avec votre dernière graine
lesson-four-last-explain = Votre **dernière** graine est différente : si elle fait un quatre, c'est **vous** qui le prenez, dans vos cases ou dans celles de Nord, et votre coup s'arrête.
lesson-four-last-task = prenez quatre graines avec votre dernière graine, dans une case de Nord.
lesson-four-last-hint = Cherchez une case de Nord à 3 graines, exactement aussi loin que le nombre de graines que vous prendriez.
lesson-four-last-done = Votre dernière graine a fait quatre dans une case de Nord : les quatre sont à vous, et le coup s'est arrêté là.

## 6. Nourrir.
lesson-feeding-title = Nourrir
lesson-feeding-explain = Si Nord n'a aucune graine au début de votre tour, vous devez le **nourrir** : votre coup doit laisser au moins une graine dans les cases de Nord, et un coup qui ne le fait pas est refusé. (Quand un coup laisse Nord sans graines et que la manche continue, Nord passe et vous rejouez ; vous devez alors le nourrir.)
lesson-feeding-task = Nord n'a plus de graines : jouez un coup qui le nourrit.
lesson-feeding-hint = Choisissez une case qui a assez de graines pour atteindre la rangée de Nord, la case 7 ou plus loin.
lesson-feeding-done = Nord a de nouveau des graines : vous l'avez nourri, comme le veut la règle.

## 7. Les prises en chaîne.
lesson-chain-title = Les prises en chaîne
lesson-chain-explain = Une option, choisie avec le défi (`chain:yes`), et active dans cette leçon. Quand votre **dernière** graine fait un quatre dans une case de Nord, les cases juste avant, en remontant dans le sens des aiguilles d'une montre, s'ajoutent à la prise tant qu'elles sont à Nord et ont 2 ou 3 graines. Le quatre et sa suite font au plus **cinq cases** : une suite plus longue ne prend rien, et vous n'avez que le quatre.
lesson-chain-task = prenez au moins 6 graines en un coup.
lesson-chain-hint = Derrière un quatre, une suite de 2 et de 3 de plus de quatre cases ne prend rien. Cherchez un quatre suivi d'une suite plus courte.
lesson-chain-done = Un quatre avec une courte suite derrière lui : une prise en chaîne.

## 8. Les dernières graines.
lesson-last-seeds-title = Les dernières graines
lesson-last-seeds-explain = Comment finit une manche, d'abord : après chaque prise, comptez les graines encore en jeu, sur le plateau et en main. S'il en reste **quatre ou moins**, la manche finit aussitôt, et avec l'option de fin habituelle elles vont à **celui qui a fait cette prise**.
lesson-last-seeds-task = finissez la manche par une prise qui laisse quatre graines ou moins.
lesson-last-seeds-hint = Cherchez un quatre dans une de vos cases, avec encore des graines en main : après lui, il en reste peu.
lesson-last-seeds-done = Il restait quatre graines ou moins après votre prise : la manche a fini, et celui qui a pris les a eues.

## 9. Les dernières graines à celui qui a commencé.
lesson-last-seeds-starter-title = Les dernières graines à celui qui a commencé
lesson-last-seeds-starter-explain = L'autre option de fin, choisie avec le défi (`endgame:starter`) : les dernières graines vont à **celui qui a commencé la manche**, quel que soit celui qui a pris. Ici, c'est vous qui l'avez commencée.
lesson-last-seeds-starter-task = finissez la manche : les dernières graines sont à vous, qui l'avez commencée, même quand la prise est à Nord.
lesson-last-seeds-starter-hint = Provoquez une prise qui laisse quatre graines ou moins, même une de Nord : un quatre dans sa case avec encore des graines dans votre main.
lesson-last-seeds-starter-done = La prise était à Nord, mais vous aviez commencé la manche : les dernières graines sont allées chez vous.

## 10. L'enlisement.
lesson-stall-title = L'enlisement
lesson-stall-explain = Comment finit une manche, ensuite : quand **100 coups** de suite ne prennent rien, la manche finit, et les graines de chaque case vont au **propriétaire de cette case**. Ici, 99 coups sont passés sans prise.
lesson-stall-task = jouez le centième coup sans prise, pour que la manche finisse.
lesson-stall-hint = Toute prise, même une de Nord pendant votre coup, fait repartir le compte. Jouez un coup tranquille.
lesson-stall-done = Cent coups sans prise : la manche a fini, et les graines de chaque case sont allées à son propriétaire.

## 11. Un joueur bloqué.
lesson-stuck-title = Un joueur bloqué
lesson-stuck-explain = Comment finit une manche, enfin : quand le joueur qui doit jouer a des graines mais **aucun coup permis** (par exemple, aucun de ses coups ne peut vous nourrir), la manche finit aussitôt, et là encore les graines de chaque case vont à son propriétaire.
lesson-stuck-task = bloquez Nord : après votre coup, il doit vous nourrir et ne le peut pas.
lesson-stuck-hint = Ne laissez aucune graine dans vos cases, et laissez celles de Nord là où aucun de ses coups n'atteint votre rangée.
lesson-stuck-done = Nord devait vous nourrir et ne le pouvait pas : la manche a fini, les graines de chaque case à son propriétaire.

## 12. Le territoire.
lesson-territory-title = Le territoire
lesson-territory-explain = À la fin d'une manche, chaque **quatre graines** de votre grenier achètent **une case** pour la manche suivante ; celui qui aura le plus de cases a gagné la manche. Le match continue, manche après manche, jusqu'à ce qu'un joueur possède tout le plateau (ou atteigne l'objectif du match). Ici, 99 coups sont passés sans prise, et votre grenier a 22 graines.
lesson-territory-task = finissez la manche avec au moins 7 cases pour la suivante : 28 graines ou plus.
lesson-territory-hint = Quand la manche finit par l'enlisement, les graines du plateau vont aux propriétaires de leurs cases : gardez les vôtres de votre côté.
lesson-territory-done = 28 graines ou plus : sept cases à la manche suivante. Gagnez des cases manche après manche, et tout le plateau sera à vous.

## 13. Un premier match.
lesson-first-match-title = Votre premier match
lesson-first-match-explain = Vous connaissez toutes les règles. Jouez maintenant une manche entière contre l'ordinateur à son niveau débutant : celui qui a le plus de cases à la fin gagne. Le match se joue ici, où tout le monde peut le voir.
lesson-first-match-task = gagnez un match contre l'ordinateur au niveau 1 : appuyez sur le bouton ci-dessous pour le commencer.
