/* Included by calc.re: proves that the depfile makes a change here
 * regenerate the scanner. */
/*!rules:re2c:digits
    digit = [0-9];
    number = digit+ ("." digit+)?;
*/
