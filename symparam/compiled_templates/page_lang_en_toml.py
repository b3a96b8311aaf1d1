# templates/page/lang/en.toml as a Python literal: written by tools/compile_templates.py, never edited
SOURCE = '9f4a02b6963abe577a259bf20d4ecb216210bd111c9f9437788307fbd81655f3'
TABLE = {'name': 'English',
 'title': '{model}: parameters, derived',
 'lede': 'Change a hyperparameter: the total, the active parameters and every figure below are '
         'worked out again from the closed form, exactly, in this page.',
 'lede_symbolic': "The family's formulas, with no values of its own: give every hyperparameter a "
                  'value to see the count.',
 'lede_dense': 'Change a hyperparameter: the total and every figure below are worked out again '
               'from the closed form, exactly, in this page.',
 'calculator': 'Hyperparameters',
 'input': 'value of {symbol}',
 'assumed': '= {expr} = {value}, from the assumption',
 'total': 'Total',
 'active': 'Active per token',
 'share': 'Link to these values',
 'reset': "Back to the page's values",
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
 'changed': "The published figure and the closest class are for the page's own values; they are "
            'left out for these.',
 'thumb_gap': 'That is {sign}{gap} against the exact count.',
 'memory_intro': 'The weights alone, stored in each dtype (1 GiB = 2³⁰ bytes, 1 GB = 10⁹ bytes):',
 'footer': "Made by symparam from the model's block tree. This page loads nothing: every number is "
           'worked out in it, from the formulas above.',
 'site_title': 'Parameter counts, derived',
 'site_lede': 'Every model symparam knows by name, each on a page of its own: its derivation step '
              'by step, and its hyperparameters to change.',
 'column_model': 'Model',
 'column_class': 'Class',
 'column_description': 'Description'}
