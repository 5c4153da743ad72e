/**
 * The page's entry. Stylesheets land in the order their modules are first imported: the design
 * tokens and the shared parts come first, so every feature's stylesheet (imported by its view,
 * through ./boot) comes after them and wins where both say something of the same weight.
 */
import './ui/tokens.css';
import './ui/base.css';
import './ui/controls.css';
import './ui/layout.css';
import './ui/forms.css';
import './ui/helpers.css';
import './boot';
