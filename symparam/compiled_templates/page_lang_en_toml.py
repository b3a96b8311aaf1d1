# templates/page/lang/en.toml as a Python literal: written by tools/compile_templates.py, never edited
SOURCE = '513f1474f9e36e8e2336a8da487d3e9326f01695b54d03136facc3e2cb37c34d'
TABLE = {'name': 'English',
 'title': '{model}: parameters, derived',
 'lede': 'Change a hyperparameter: the total, the active parameters and every figure below are '
         'worked out again from the closed form, exactly, in this page.',
 'lede_symbolic': "The family's formulas, with no values of its own: give every hyperparameter a "
                  'value to see the count.',
 'example_defaults': "The inputs start from {lib}' defaults for the model type {kind} (its config "
                     'class with no arguments): change any value and every figure below is worked '
                     'out again.',
 'example_preset': "The inputs start from the values of the preset {preset}, under the family's "
                   'own options: change any value and every figure below is worked out again.',
 'intro_example': 'The parameter count of the {family} family ({architecture}) as a formula in its '
                  'hyperparameters.',
 'example_own': "The inputs start from the model's own values: change any and every figure below "
                'is worked out again.',
 'lede_dense': 'Change a hyperparameter: the total and every figure below are worked out again '
               'from the closed form, exactly, in this page.',
 'calculator': 'Hyperparameters',
 'input': 'value of {symbol}',
 'assumed': '= {expr} = {value}, from the assumption',
 'total': 'Total',
 'active': 'Active per token',
 'active_bare': 'without the token embedding table',
 'share': 'Link to these values',
 'reset': "Back to the page's values",
 'copy_latex': 'Copy as {latex}',
 'language': 'Language',
 'invalid': 'Give each value as a whole number from 1 to 10^30: {names}.',
 'empty': 'The count needs a value for: {names}.',
 'ignored': 'Left out of the address (not a hyperparameter this page takes, or not digits): '
            '{names}.',
 'check_assumed': 'The assumption {assumption} gives {symbol} = {value} here, not a whole number.',
 'check_total': 'The count is not a whole number at these values: {value}.',
 'check_active': 'The active count is not a whole number at these values: {value}.',
 'check_divides': '{divisor} = {a} does not divide {dividend} = {b}: {reason}.',
 'check_at_most': '{small} = {a} exceeds {big} = {b}: {reason}.',
 'check_multiple': '{dividend} = {b} is not a multiple of {divisor}: {reason}.',
 'check_divides_run': '{divisor} = {a} does not divide {dividend} = {b}: {reason}. {lib} builds '
                      'the model and it is counted whatever the values, but its forward pass '
                      'fails.',
 'check_multiple_run': '{dividend} = {b} is not a multiple of {divisor}: {reason}. {lib} builds '
                       'the model and it is counted whatever the values, but its forward pass '
                       'fails.',
 'check_at_most_run': '{small} = {a} exceeds {big} = {b}: {reason}. {lib} builds the model and it '
                      'is counted whatever the values, but its forward pass fails.',
 'changed': "The published figure and the closest class are for the page's own values; they are "
            'left out for these.',
 'thumb_gap': 'That is {sign}{gap} against the exact count.',
 'memory_intro': 'The weights alone, stored in each dtype (1 GiB = 2³⁰ bytes, 1 GB = 10⁹ bytes):',
 'training_intro': 'Training state, as {memory} counts it: the weights, their gradients and the '
                   "optimiser's state, a number of bytes a parameter under each recipe "
                   '(activations not included):',
 'training_caption': 'Training state by optimiser recipe',
 'column_recipe': 'Recipe',
 'kv_intro': 'The KV cache a decoder keeps grows by this much a token (over all layers, for one '
             'sequence):',
 'kv_caption': 'KV cache per token',
 'column_kv_token': 'Bytes a token',
 'footer': "Made by symparam from the model's block tree. This page loads nothing: every number is "
           'worked out in it, from the formulas above.',
 'site_title': 'Parameter counts, derived',
 'site_lede': 'Every model symparam knows by name, each on a page of its own: its derivation step '
              'by step, and its hyperparameters to change.',
 'column_model': 'Model',
 'column_class': 'Class',
 'column_description': 'Description',
 'search': 'Find a model',
 'search_none': 'No model matches.',
 'families': {}}
