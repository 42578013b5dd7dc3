/* The scanner grammars/maya_anim.re, built under a name of its own: the
 * Lemon grammar grammars/maya_anim.y already generates maya_anim.c. */
/*!include:re2c "maya_anim.re" */
